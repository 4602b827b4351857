module github.com/tinyroute/server

go 1.22

require (
	github.com/google/uuid v1.6.0
	golang.org/x/time v0.5.0 // indirect
)
