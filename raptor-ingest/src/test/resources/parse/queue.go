// Copyright 2024 Example Corp. Licensed under the MIT license.

// Package queue implements a bounded, blocking job queue
// with retry support.
package queue

import (
	"context"
	"errors"
	"sync"
)

// ErrClosed is returned by Push after Close.
var ErrClosed = errors.New("queue closed")

type (
	// Job is a unit of work.
	Job struct {
		ID      string
		Payload []byte
	}

	// Handler processes one job.
	Handler func(ctx context.Context, job Job) error

	JobID = string
)

// Queue is a bounded FIFO of jobs.
type Queue[T any] struct {
	mu     sync.Mutex
	items  []T
	closed bool
}

// Runner runs jobs.
type Runner interface {
	Run(ctx context.Context) error
}

// New returns an empty queue.
//
//go:noinline
func New[T any]() *Queue[T] {
	return &Queue[T]{}
}

// Push appends an item or fails when the queue is closed.
func (q *Queue[T]) Push(item T) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return ErrClosed
	}
	q.items = append(q.items, item)
	return nil
}

// Drain is not attached: a blank line separates this comment.

func (q *Queue[T]) Drain() []T {
	q.mu.Lock()
	defer q.mu.Unlock()
	items := q.items
	q.items = nil
	return items
}
