package cheap

import (
	"errors"
	"os"
)

// ErrNoProfile is a sentinel of a package that also reads files: its
// producer names no "not found", and the function that does
// (os.IsNotExist) names no sentinel, so no absence sentinel is sought.
var ErrNoProfile = errors.New("no profile")

// Profile returns the named profile.
func Profile(profiles map[string]string, name string) (string, error) {
	p, ok := profiles[name]
	if !ok {
		return "", ErrNoProfile
	}
	return p, nil
}

// ReadConfig reads a file that may be missing.
func ReadConfig(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	return b, err
}
