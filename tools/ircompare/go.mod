module github.com/retrylint/retrylint/tools/ircompare

go 1.26.0

require (
	github.com/retrylint/retrylint v0.0.0
	golang.org/x/tools v0.52.0
	honnef.co/go/tools v0.8.2
)

require (
	golang.org/x/exp/typeparams v0.0.0-20231108232855-2478ac86f678 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
)

replace github.com/retrylint/retrylint => ../..
