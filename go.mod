module github.com/stackmaps/stackmaps

go 1.23.0
