package dev.coderag.chat.mcp;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * The SDK's stdio transport with its messages sent one at a time. Up to 2.0.1 its session transport emits each
 * outgoing message into a unicast sink with {@code tryEmitNext}, which fails ({@code FAIL_NON_SERIALIZED}: "Failed
 * to enqueue message") and drops the message when two threads send at once — e.g. the response of one tool call
 * while the previous one's emission is still draining (java-sdk issues 304 and 686). A client then waits forever
 * for that response. Here every send subscribes, and so emits, under one lock. Thread-safe.
 */
final class SerializedStdio implements McpServerTransportProvider {
    private final StdioServerTransportProvider delegate;

    SerializedStdio(StdioServerTransportProvider delegate) {
        this.delegate = delegate;
    }

    @Override
    public void setSessionFactory(McpServerSession.Factory sessionFactory) {
        delegate.setSessionFactory(transport -> sessionFactory.create(new Serialized(transport)));
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        return delegate.notifyClients(method, params);
    }

    @Override
    public Mono<Void> notifyClient(String sessionId, String method, Object params) {
        return delegate.notifyClient(sessionId, method, params);
    }

    @Override
    public Mono<Void> closeGracefully() {
        return delegate.closeGracefully();
    }

    @Override
    public List<String> protocolVersions() {
        return delegate.protocolVersions();
    }

    private static final class Serialized implements McpServerTransport {
        private final McpServerTransport transport;
        private final Object lock = new Object();

        Serialized(McpServerTransport transport) {
            this.transport = transport;
        }

        @Override
        public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
            // subscribing emits at once (the session is ready by the time anything is sent): under the lock
            return Mono.defer(() -> {
                synchronized (lock) {
                    return Mono.fromFuture(transport.sendMessage(message).toFuture());
                }
            });
        }

        @Override
        public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
            return transport.unmarshalFrom(data, typeRef);
        }

        @Override
        public Mono<Void> closeGracefully() {
            return transport.closeGracefully();
        }

        @Override
        public void close() {
            transport.close();
        }

        @Override
        public List<String> protocolVersions() {
            return transport.protocolVersions();
        }
    }
}
