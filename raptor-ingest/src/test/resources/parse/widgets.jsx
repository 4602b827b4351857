'use strict';

const { formatCents } = require("./money");

/**
 * Renders a price tag.
 * @param {{cents: number}} props
 */
const PriceTag = ({ cents }) => <span className="price">{formatCents(cents)}</span>;

class Counter extends React.Component {
  state = { count: 0 };

  increment = () => {
    this.setState({ count: this.state.count + 1 });
  };

  render() {
    return <button onClick={this.increment}>{this.state.count}</button>;
  }
}

/** Parses "12.34" into cents. */
module.exports.parseCents = function parseCents(text) {
  return Math.round(parseFloat(text) * 100);
};

module.exports.helpers = {
  double(n) {
    return n * 2;
  },
};
