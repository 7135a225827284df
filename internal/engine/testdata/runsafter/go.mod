module runsafter

go 1.26.0
