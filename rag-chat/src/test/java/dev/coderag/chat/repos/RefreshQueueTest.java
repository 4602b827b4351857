package dev.coderag.chat.repos;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Refreshes are coalesced: one pending per repository, one follow-up behind a running ingest. */
class RefreshQueueTest {
    private static final long S = 1_000_000_000L;

    /** A job queue that answers as it is told and records what was started. */
    private static final class Jobs implements RefreshQueue.Starter {
        RefreshQueue.Outcome answer = RefreshQueue.Outcome.STARTED;
        final List<String> started = new ArrayList<>();
        int asked;

        @Override
        public RefreshQueue.Outcome start(String repo) {
            asked++;
            if (answer == RefreshQueue.Outcome.STARTED) {
                started.add(repo);
            }
            return answer;
        }
    }

    @Test
    void many_requests_while_an_ingest_runs_start_one_follow_up_after_it() {
        Jobs jobs = new Jobs();
        RefreshQueue q = new RefreshQueue(jobs, 0);
        assertThat(q.request("demo", 0, false)).isEqualTo(RefreshQueue.Outcome.STARTED);

        jobs.answer = RefreshQueue.Outcome.WAIT; // the ingest runs
        for (int i = 1; i <= 20; i++) {
            q.request("demo", i, false);
            q.drain(i);
        }
        assertThat(q.pending("demo")).isTrue();
        assertThat(jobs.started).containsExactly("demo");

        jobs.answer = RefreshQueue.Outcome.STARTED; // it ended
        q.drain(30);
        q.drain(31);
        assertThat(jobs.started).containsExactly("demo", "demo");
        assertThat(q.pending("demo")).isFalse();
    }

    @Test
    void a_request_while_an_ingest_is_only_queued_is_covered_by_it() {
        Jobs jobs = new Jobs();
        jobs.answer = RefreshQueue.Outcome.QUEUED;
        RefreshQueue q = new RefreshQueue(jobs, 0);
        assertThat(q.request("demo", 0, false)).isEqualTo(RefreshQueue.Outcome.QUEUED);
        assertThat(q.pending("demo")).isFalse();
        jobs.answer = RefreshQueue.Outcome.STARTED;
        q.drain(1);
        assertThat(jobs.started).isEmpty();
    }

    @Test
    void a_full_queue_is_tried_again_and_a_failure_is_dropped() {
        Jobs jobs = new Jobs();
        jobs.answer = RefreshQueue.Outcome.WAIT;
        RefreshQueue q = new RefreshQueue(jobs, 0);
        q.request("busy", 0, false);
        jobs.answer = RefreshQueue.Outcome.FAILED;
        q.request("refused", 0, false);
        assertThat(q.pending("busy")).isTrue();
        assertThat(q.pending("refused")).isFalse();
        jobs.answer = RefreshQueue.Outcome.STARTED;
        q.drain(1);
        assertThat(jobs.started).containsExactly("busy");
    }

    @Test
    void automatic_refreshes_keep_their_gap_and_a_clients_does_not_wait() {
        Jobs jobs = new Jobs();
        RefreshQueue q = new RefreshQueue(jobs, S);
        q.request("demo", 0, false);
        assertThat(q.request("demo", S / 2, false)).isEqualTo(RefreshQueue.Outcome.WAIT);
        q.drain(S / 2 + 1);
        assertThat(jobs.started).hasSize(1);
        q.drain(S);
        assertThat(jobs.started).hasSize(2);

        assertThat(q.request("demo", S + 1, true)).isEqualTo(RefreshQueue.Outcome.STARTED);
        assertThat(jobs.started).hasSize(3);
    }

    @Test
    void a_forgotten_repository_is_not_started() {
        Jobs jobs = new Jobs();
        jobs.answer = RefreshQueue.Outcome.WAIT;
        RefreshQueue q = new RefreshQueue(jobs, 0);
        q.request("gone", 0, false);
        q.forget("gone");
        jobs.answer = RefreshQueue.Outcome.STARTED;
        q.drain(1);
        assertThat(jobs.started).isEmpty();
        assertThat(jobs.asked).isEqualTo(1);
    }
}
