// Package model holds the arguments of the server's tools and their
// checks. It imports no MCP SDK: its functions are summarized because they
// belong to the module being analyzed.
package model

import (
	"errors"
	"fmt"
	"time"
)

// ForecastArgs are the arguments of the forecast tools.
type ForecastArgs struct {
	City string `json:"city"`
	Days int    `json:"days"`
	From string `json:"from"`
}

// Normalize checks the arguments and fills in defaults.
func (a *ForecastArgs) Normalize() error {
	if a.City == "" {
		return errors.New("city is required")
	}
	if a.Days == 0 {
		a.Days = 3
	}
	return nil
}

// ErrDays is returned for a forecast of too many days.
var ErrDays = errors.New("days must be between 1 and 14")

// CheckDays checks the length of a forecast.
func CheckDays(days int) error {
	if days < 1 || days > 14 {
		return ErrDays
	}
	return nil
}

// ParseStart parses the first day of a forecast, which must not be in
// the past.
func ParseStart(s string, now time.Time) (time.Time, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("from: %w", err)
	}
	if t.Before(now.Truncate(24 * time.Hour)) {
		return time.Time{}, fmt.Errorf("from: %s is in the past", s)
	}
	return t, nil
}
