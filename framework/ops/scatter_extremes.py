"""tensor_scatter_nd_max / tensor_scatter_nd_min: ``tensor`` with each indexed slice replaced by the
elementwise max (min) of itself and its updates (repeated indices all take part).

The gradient is TensorFlow's: each output element's gradient is shared equally among the
inputs that equal it (the tensor's element and every update written there).
"""
from .. import backend
from ..tensor import Tensor
from .indexing import gather_nd
from .operands import ACTIVE, as_tensor, named_errors, record
from .scatter import _index_columns, _updates, kernel_errors_named_on_fast_path, scatter_nd
from .shapes import cast
from ..tf_python_names import tf_named


def _extreme_at(xp, out, columns, values, kind):
    if xp is not backend.np:
        import cupyx
        (cupyx.scatter_max if kind == 'max' else cupyx.scatter_min)(out, columns, values)
    else:
        if values.dtype.kind == 'f' and xp.isnan(values).any():
            # TF's CPU kernel takes cwiseMax / cwiseMin (std::max: current < update ? update : current), so
            # a NaN update leaves the element as it is (a NaN element stays NaN): an update that cannot win
            values = xp.where(xp.isnan(values), values.dtype.type(-xp.inf if kind == 'max' else xp.inf), values)
        (xp.maximum if kind == 'max' else xp.minimum).at(out, columns, values)


def _scatter_extreme(kind):
    op = 'tensor_scatter_nd_' + kind

    @named_errors(op)
    @kernel_errors_named_on_fast_path
    def scatter(tensor, indices, updates, name=None):
        t = as_tensor(tensor, op)
        if t._data.dtype.kind not in 'fiu' and t._data.dtype.name != 'bfloat16':     # (bfloat16: kind 'V')
            raise TypeError('%s: tensor must be real numbers, got dtype %s' % (op, t.dtype.name))
        columns, want = _index_columns(indices, tuple(t.shape), op, updates)     # TensorScatterMax's checks
        u = _updates(updates, want, t.dtype, op, (indices, tuple(t.shape)))
        out = t._data.copy()
        _extreme_at(backend.array_module(out), out, columns, u._data, kind)
        out = Tensor(out)
        if ACTIVE:
            index = Tensor(backend.array_module(out._data).stack(columns, axis=-1))

            def shares(y, t, u):
                from .logic import equal
                t_hits = cast(equal(t, y), y.dtype)
                u_hits = cast(equal(u, gather_nd(y, index)), y.dtype)
                return t_hits, u_hits, t_hits + scatter_nd(index, u_hits, tuple(t.shape))
            record(op, (t, u), out, (lambda g, y, t, u: g * shares(y, t, u)[0] / shares(y, t, u)[2],
                                     lambda g, y, t, u: gather_nd(g / shares(y, t, u)[2], index)
                                     * shares(y, t, u)[1]))
        return out
    tf_named('tensor_scatter_' + kind)(scatter)      # TF's Python name: 'tensor_scatter_max() missing ...'
    scatter.__doc__ = ('``tensor`` with the %s of each indexed element and its updates written at ``indices``.'
                       % kind)
    return scatter


tensor_scatter_nd_max = _scatter_extreme('max')
tensor_scatter_nd_min = _scatter_extreme('min')
