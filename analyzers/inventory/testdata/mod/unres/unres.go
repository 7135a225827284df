// Package unres retries calls the inventory does not follow: through an
// interface of the program, a function value; and err.Error(), a method
// of the universe's error interface, which has no package.
package unres // want "."

import (
	"errors"
	"time"
)

type Store interface{ Save(id string) error }

// Keep tries the store 3 times: what it calls is not known here.
func Keep(s Store, id string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = s.Save(id); err == nil {
			return nil
		}
		if err.Error() == "gone" {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Run tries a function value 3 times.
func Run(op func() error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.Join(err, errors.New("gave up"))
}
