module github.com/stackmaps/stackmaps

go 1.23.0

require (
	github.com/stretchr/testify v1.11.1 // indirect
	golang.org/x/arch v0.20.0 // indirect
)
