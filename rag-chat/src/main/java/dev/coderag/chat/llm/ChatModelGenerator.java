package dev.coderag.chat.llm;

import dev.coderag.chat.answer.GenerationException;
import dev.coderag.chat.answer.Generator;
import dev.coderag.chat.answer.LlmProvider;
import dev.coderag.chat.answer.Prompts;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.http.client.sse.ServerSentEvent;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialResponseContext;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.chat.response.StreamingHandle;
import dev.langchain4j.model.output.FinishReason;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A {@link Generator} over a LangChain4j {@link StreamingChatModel}: the system prompt, the last {@link
 * Prompts#HISTORY_TURNS} turns and the numbered context as chat messages; tokens passed on as they arrive;
 * bounded retries with exponential backoff (a Retry-After wins, capped at {@link #MAX_RETRY_AFTER}) while nothing
 * has streamed. The model runs on {@link LlmTransport}, so {@code chat} returns when the stream is over.
 */
final class ChatModelGenerator implements Generator {
    static final Duration MAX_RETRY_AFTER = Duration.ofSeconds(20);

    private final LlmConfig config;
    private final StreamingChatModel model;

    ChatModelGenerator(LlmConfig config, StreamingChatModel model) {
        this.config = config;
        this.model = model;
    }

    @Override
    public LlmProvider provider() {
        return config.provider();
    }

    @Override
    public String generate(GenerationInput input, Consumer<String> onToken) {
        ChatRequest request = ChatRequest.builder().messages(messages(input)).build();
        Collector out = new Collector(onToken);
        int attempts = config.maxRetries() + 1;
        LlmFailures.Failure last = null;
        for (int attempt = 0; attempt < attempts; attempt++) {
            if (attempt > 0) {
                sleep(backoff(config.retryBackoff(), attempt, last.retryAfter()));
            }
            Outcome outcome = new Outcome(out);
            try {
                model.chat(request, outcome);
            } catch (RuntimeException e) {
                outcome.onError(e);
            }
            Optional<LlmFailures.Failure> failure = outcome.failure();
            if (failure.isEmpty()) {
                return out.text();
            }
            GenerationException e = failure.get().exception();
            if (!e.retryable() || out.streamed()) {
                throw e;
            }
            last = failure.get();
        }
        GenerationException e = last.exception();
        throw new GenerationException(e.getMessage() + " (after " + attempts + " attempts)", false, e);
    }

    static List<ChatMessage> messages(GenerationInput input) {
        List<ChatMessage> messages = new ArrayList<>();
        messages.add(SystemMessage.from(Prompts.SYSTEM));
        input.history().stream()
                .skip(Math.max(0, input.history().size() - Prompts.HISTORY_TURNS))
                .forEach(t -> {
                    messages.add(UserMessage.from(t.question()));
                    messages.add(AiMessage.from(Prompts.truncateAnswer(t.answer())));
                });
        messages.add(UserMessage.from(Prompts.user(input)));
        return messages;
    }

    static Duration backoff(Duration base, int attempt, Optional<Duration> retryAfter) {
        return retryAfter
                .map(d -> d.compareTo(MAX_RETRY_AFTER) > 0 ? MAX_RETRY_AFTER : d)
                .orElseGet(() -> base.multipliedBy(1L << Math.min(attempt - 1, 6)));
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GenerationException("interrupted", false, e);
        }
    }

    /**
     * One attempt's handler. The first terminal signal wins (LangChain4j may report an error and then complete);
     * after an error the stream is cancelled. An exception from the token sink itself (the listener, not the
     * model) is rethrown as it is.
     */
    private final class Outcome implements StreamingChatResponseHandler {
        private final Collector out;
        private boolean ended;
        private Throwable error;
        private RuntimeException sinkFailure;
        private ChatResponse response;
        private StreamingHandle handle;
        private String unmapped = "";

        Outcome(Collector out) {
            this.out = out;
        }

        @Override
        public synchronized void onPartialResponse(PartialResponse partial, PartialResponseContext context) {
            handle = context.streamingHandle();
            onPartialResponse(partial.text());
        }

        @Override
        public synchronized void onPartialResponse(String token) {
            if (ended) {
                return;
            }
            try {
                out.accept(token);
            } catch (RuntimeException e) {
                sinkFailure = e;
                onError(e);
            }
        }

        /** What the model sent that LangChain4j made nothing of (e.g. Gemini's block reason), kept short. */
        @Override
        public synchronized void onUnmappedRawEvent(Object raw) {
            String text = raw instanceof ServerSentEvent e ? e.data() : String.valueOf(raw);
            unmapped = text == null ? "" : text.substring(0, Math.min(text.length(), 2 * LlmFailures.DETAIL_CHARS));
        }

        @Override
        public synchronized void onCompleteResponse(ChatResponse complete) {
            if (!ended) {
                ended = true;
                response = complete;
            }
        }

        @Override
        public synchronized void onError(Throwable t) {
            if (ended) {
                return;
            }
            ended = true;
            error = t;
            if (handle != null) {
                handle.cancel();
            }
        }

        /** Empty when the model completed with text; the failure otherwise. */
        synchronized Optional<LlmFailures.Failure> failure() {
            if (sinkFailure != null) {
                throw sinkFailure;
            }
            if (error != null) {
                return Optional.of(LlmFailures.of(error, config));
            }
            if (response == null) {
                return fail("the stream ended before the model finished its answer", false);
            }
            if (!out.streamed()) {
                // a server that sent the whole answer in its last message
                String text = response.aiMessage() == null
                        ? null
                        : response.aiMessage().text();
                if (text != null && !text.isEmpty()) {
                    out.accept(text);
                } else if (response.finishReason() == FinishReason.CONTENT_FILTER) {
                    return fail("the model refused to answer (content filter)", false);
                } else {
                    // whatever the model sent instead of an answer says why, e.g. {"promptFeedback":{"blockReason":…}}
                    return fail(
                            "the model returned an empty answer" + LlmFailures.detail(unmapped, config.apiKey()),
                            false);
                }
            }
            return Optional.empty();
        }

        private Optional<LlmFailures.Failure> fail(String message, boolean retryable) {
            return Optional.of(new LlmFailures.Failure(new GenerationException(message, retryable), Optional.empty()));
        }
    }

    /** Appends each token to the sink and the buffer; remembers that something streamed. */
    static final class Collector implements Consumer<String> {
        private final Consumer<String> sink;
        private final StringBuilder text = new StringBuilder();

        Collector(Consumer<String> sink) {
            this.sink = sink;
        }

        @Override
        public void accept(String token) {
            if (token == null || token.isEmpty()) {
                return;
            }
            text.append(token);
            sink.accept(token);
        }

        boolean streamed() {
            return !text.isEmpty();
        }

        String text() {
            return text.toString();
        }
    }
}
