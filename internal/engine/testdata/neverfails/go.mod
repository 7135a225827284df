module example.com/neverfailstest

go 1.26.0
