module github.com/stackmaps/stackmaps/examples/movinggc

go 1.23.0

require github.com/stackmaps/stackmaps v0.0.0

require golang.org/x/arch v0.20.0 // indirect

replace github.com/stackmaps/stackmaps => ../..
