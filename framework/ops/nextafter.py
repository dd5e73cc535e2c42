"""``tf.math.nextafter``: the next representable float after x1 toward x2. Its gradient is
TensorFlow's: 1 for x1 (summed to its shape), 0 for x2."""
from .. import backend
from ..errors import InvalidArgumentError
from ..tensor import Tensor
from .operands import ACTIVE, binary, named_errors, record
from .shapes import sum_to


@named_errors('nextafter')
def nextafter(x1, x2, name=None):
    """Elementwise ``np.nextafter`` on float32 / float64 tensors of one dtype (broadcasting).

    Raises:
        InvalidArgumentError: integer or other non-float inputs.
    """
    a, b, da, db = binary(x1, x2, 'nextafter')
    xp = backend.array_module(da if hasattr(da, 'dtype') else db)
    kind = da.dtype if hasattr(da, 'dtype') else db.dtype
    if kind.kind != 'f' or kind.itemsize < 4:
        name = {'float16': 'half'}.get(kind.name, kind.name)
        raise InvalidArgumentError("nextafter: Value for attr 'T' of %s is not in the list of allowed values: "
                                   "double, float" % name)
    out = Tensor(xp.nextafter(xp.asarray(da, kind), xp.asarray(db, kind)))
    if ACTIVE:
        record('nextafter', (a, b), out, (lambda g, y, p, q: sum_to(g, tuple(getattr(p, 'shape', ()))),
                                          lambda g, y, p, q: sum_to(g * 0., tuple(getattr(q, 'shape', ())))))
    return out
