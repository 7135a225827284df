// An application module named without a dot, as services often are: its
// packages are the application's, not the standard library's.
module svc

go 1.24
