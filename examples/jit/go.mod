module github.com/stackmaps/stackmaps/examples/jit

go 1.26.0

require github.com/stackmaps/stackmaps v0.0.0

replace github.com/stackmaps/stackmaps => ../..
