"""How TensorFlow adds more than nine gradients of one variable read: AddN's chunks of eight.

TensorFlow's eager tape adds the gradients a tensor receives with one AddN once every reader
has been visited (backward_order.py). Its CPU kernel (aggregate_ops.cc) adds the first
``n % 8`` inputs in order (8 when that is 0, 9 when it is 1), then each following group of eight
is summed in order and added to the total: ``out += in1 + ... + in8``. Up to nine inputs that is
the plain running sum the sweeps compute; past nine the groups round differently. A variable read
at every step of a Python loop under one tape (the keras.io actor-critic example calls its model
once per environment step) gets that many gradients.
"""
import functools
import operator


class AddN:
    """Stands for a variable read's gradient in the array sweep while its ``n`` parts arrive
    (``prev + g`` appends); ``value()`` adds them as TensorFlow's AddN kernel does."""
    __slots__ = ('n', 'parts')

    def __init__(self, n):
        self.n = n
        self.parts = []

    def __add__(self, g):
        self.parts.append(g)
        return self

    def value(self):
        parts = self.parts
        if not parts:
            return None
        if len(parts) != self.n or not all(hasattr(p, 'dtype') for p in parts):
            return functools.reduce(operator.add, parts)    # gathered rows among them: the sweep's own sum
        return addn_sum(parts)


def addn_sum(parts):
    """``parts`` (arrays or Tensors of one shape) added in AddN's order."""
    n = len(parts)
    first = n if n <= 9 else (n % 8 + 8 if n % 8 < 2 else n % 8)
    out = functools.reduce(operator.add, parts[:first])
    for start in range(first, n, 8):
        out = out + functools.reduce(operator.add, parts[start:start + 8])
    return out


def addn_order(order, grads, many):
    """The sweep's visiting ``order``, which first stands an ``AddN`` for each gradient of ``many``
    ({tensor id: readers}) in ``grads`` and, once the sweep has gone through it, puts their sums."""
    for xid, n in many.items():
        grads[xid] = AddN(n)
    yield from order
    for xid in many:
        total = grads.pop(xid).value()
        if total is not None:
            grads[xid] = total
