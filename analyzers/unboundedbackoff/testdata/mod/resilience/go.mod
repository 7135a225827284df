// A retry helper module of the organization's own, required by the
// application: its loops are checked where the application calls them.
module example.com/resilience

go 1.24
