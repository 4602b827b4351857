import React, { useMemo } from "react";

type Item = { id: string; name: string; cents: number };

/** Sums the cart; memoised on the item list. */
export function useCartTotal(items: Item[]): number {
  return useMemo(() => items.reduce((sum, item) => sum + item.cents, 0), [items]);
}

/** The shopping cart panel. */
export const Cart: React.FC<{ items: Item[] }> = ({ items }) => {
  const total = useCartTotal(items);
  return (
    <section className="cart">
      {items.map((item) => (
        <CartLine key={item.id} item={item} />
      ))}
      <p>Total: {formatCents(total)}</p>
    </section>
  );
};

function CartLine({ item }: { item: Item }) {
  return <div>{item.name}</div>;
}
