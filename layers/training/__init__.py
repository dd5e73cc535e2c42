"""The machinery behind ``Model.fit``: data batching, compile helpers, logs and progress."""
