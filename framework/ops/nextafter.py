"""``tf.math.nextafter``: the next representable float after x1 toward x2. Its gradient is
TensorFlow's: 1 for x1 (summed to its shape), 0 for x2."""
import numpy as np

from .. import backend
from ..errors import InvalidArgumentError
from ..tensor import Tensor, convert_to_tensor
from .graph_input_errors import allowed_list_refusal, eager_input_error, kernel_dtype_name
from .operands import ACTIVE, binary, named_errors, record
from .shapes import sum_to
from ..tf_python_names import tf_named


@tf_named('next_after')
@named_errors('nextafter', passes_name=True)
def nextafter(x1, x2, name=None):
    """Elementwise ``np.nextafter`` on float32 / float64 tensors of one dtype (broadcasting).

    Raises:
        InvalidArgumentError: integer or other non-float inputs.
    """
    if not isinstance(x1, (Tensor, np.ndarray)) and not isinstance(x2, (Tensor, np.ndarray)):
        # Python numbers and lists take NextAfter's default T, float: nextafter([1], [2]) is 1.0000001
        x1, x2 = (convert_to_tensor(x, dtype_hint='float32') for x in (x1, x2))
    if isinstance(x1, Tensor) and isinstance(x2, Tensor) and x1.dtype != x2.dtype and \
            x1._data.dtype.name in ('float32', 'float64'):     # NextAfter's input #1 check
        raise eager_input_error('NextAfter', 1, x1._data.dtype, x2._data.dtype)
    a, b, da, db = binary(x1, x2, 'nextafter')
    xp = backend.array_module(da if hasattr(da, 'dtype') else db)
    kind = da.dtype if hasattr(da, 'dtype') else db.dtype
    if kind.name not in ('float32', 'float64'):
        raise allowed_list_refusal(InvalidArgumentError(
            "Value for attr 'T' of %s is not in the list of allowed values: double, float\n\t; NodeDef: {{node "
            "NextAfter}}; Op<name=NextAfter; signature=x1:T, x2:T -> output:T; attr=T:type,default=DT_FLOAT,allowed="
            "[DT_DOUBLE, DT_FLOAT]> [Op:NextAfter] name: " % kernel_dtype_name(kind)), 'T', kind.name,
            ('double', 'float'), 'x1:T, x2:T')       # (in a trace: op_def_library's TypeError)
    out = Tensor(xp.nextafter(xp.asarray(da, kind), xp.asarray(db, kind)))
    if ACTIVE:
        record('nextafter', (a, b), out, (lambda g, y, p, q: sum_to(g, tuple(getattr(p, 'shape', ()))),
                                          lambda g, y, p, q: sum_to(g * 0., tuple(getattr(q, 'shape', ())))))
    return out
