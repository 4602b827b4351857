package com.example.shop;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Places and cancels orders.
 */
public class OrderService {
    private final List<Order> orders = new ArrayList<>();
    private final PaymentGateway gateway;

    public OrderService(PaymentGateway gateway) {
        this.gateway = gateway;
    }

    /**
     * Places an order and charges the customer.
     *
     * @param order the order to place
     * @return the order id
     */
    @Deprecated
    public String placeOrder(Order order) {
        validate(order);
        gateway.charge(order.customerId(), order.total());
        orders.add(order);
        return order.id();
    }

    // Rejects empty orders (a line comment, not a doc comment).
    private void validate(Order order) {
        if (order.total() <= 0) {
            throw new IllegalArgumentException("empty order");
        }
    }

    /** The payment provider. */
    public interface PaymentGateway {
        /** Charges a customer, in cents. */
        void charge(String customerId, long cents);

        default boolean supportsRefunds() {
            return false;
        }
    }

    /** Order states. */
    enum Status {
        OPEN,
        PAID;

        boolean isFinal() {
            return this == PAID;
        }
    }

    record Order(String id, String customerId, long total) {
        Order {
            Objects.requireNonNull(id);
        }
    }

    static class Audit {
        void log(String message) {
            Runnable task = new Runnable() {
                @Override
                public void run() {
                    System.out.println(message);
                }
            };
            task.run();
        }
    }
}
