"""The tensors a serving graph captures, as TF 2.21 lists them: a resource handle per variable the graph
reads, and a layer's own constants (Normalization's statistics, a lookup table's default value).

One entry serves every place TF shows them: the 'Captures:' block of model.export's printout and of a
loaded signature's print ('<id>: TensorSpec(shape=(), dtype=tf.resource, name=None)'), and the loaded
signature's ``inputs`` (a placeholder per capture after its keyword inputs) and ``variables`` (the
variables behind the resource handles). tapeflow has no resource dtype, so the dtype is kept by name."""
from collections import namedtuple


class Capture(namedtuple('Capture', 'key shape dtype variable')):
    """``key``: the id printed beside it (TF prints its captured tensor's id); ``shape``: a tuple;
    ``dtype``: TF's dtype name ('resource', 'float32', 'int64', 'string'); ``variable``: the variable a
    resource handle reads, else None."""
    __slots__ = ()

    @property
    def text(self):
        """TF's TensorSpec text of the captured tensor."""
        return 'TensorSpec(shape=%r, dtype=tf.%s, name=None)' % (tuple(self.shape), self.dtype)


def handle(variable):
    """The resource handle a graph captures to read ``variable``."""
    return Capture(id(variable), (), 'resource', variable)


def constant(key, shape, dtype):
    """A tensor the graph captures as it is (no variable behind it); ``dtype`` a name or a DType."""
    return Capture(key, tuple(shape), getattr(dtype, 'name', dtype), None)
