"""TensorFlow's refusal of a shape-like operand whose dtype its kernel does not take: Reshape's shape,
Tile's multiples, Pad's paddings and Transpose's perm must be int32 or int64. A Python list holding a
float converts to float32 and a float tensor stays float, so TF 2.21's op registry refuses both:

    Value for attr 'Tshape' of float is not in the list of allowed values: int32, int64
    \t; NodeDef: {{node Reshape}}; Op<name=Reshape; signature=tensor:T, shape:Tshape -> output:T; ...> [Op:Reshape]

(a tensor operand adds eager dispatch's ' name: ' tail). A numpy float array is cast to int32 first, so
TF takes it. The texts were printed by TF 2.21 (/work/notes/progs/errors11/p/a1.py).
"""
import numpy as np

from ..errors import InvalidArgumentError
from ..tensor import Tensor
from .graph_input_errors import kernel_dtype_name

# tapeflow op -> (kernel, attribute, signature)
_KERNELS = {
    'reshape': ('Reshape', 'Tshape', 'tensor:T, shape:Tshape -> output:T'),
    'tile': ('Tile', 'Tmultiples', 'input:T, multiples:Tmultiples -> output:T'),
    'pad': ('Pad', 'Tpaddings', 'input:T, paddings:Tpaddings -> output:T'),
    'transpose': ('Transpose', 'Tperm', 'x:T, perm:Tperm -> y:T'),
    'broadcast_to': ('BroadcastTo', 'Tidx', 'input:T, shape:Tidx -> output:T'),
}
# the operand's word in tapeflow's note where the attribute's name does not say it
_OPERAND_WORDS = {'broadcast_to': 'shape'}


def holds_float(value):
    """Whether a (nested) Python list or tuple holds a float: TF converts it to a float tensor."""
    return any(isinstance(v, (float, np.floating)) or (type(v) in (list, tuple) and holds_float(v)) for v in value)


def refuse_operand_dtype(op, given):
    """Raise TF's registry error when ``given`` (the operand as the caller passed it) is a float list or a
    tensor of another dtype than int32 / int64; return quietly otherwise."""
    if isinstance(given, Tensor):
        name, named = given.dtype.name, True
        if name in ('int32', 'int64'):
            return
    elif type(given) in (list, tuple) and holds_float(given):
        name, named = 'float32', False
    else:
        return
    kernel, attr, signature = _KERNELS[op]
    error = InvalidArgumentError(
        "Value for attr '%s' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node %s}}; "
        "Op<name=%s; signature=%s; attr=T:type; attr=%s:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> "
        "[Op:%s]%s" % (attr, kernel_dtype_name(name), kernel, kernel, signature, attr, kernel,
                       ' name: ' if named else ''))
    error.add_note('%s: the %s must hold integers (int32 or int64), got %r'
                   % (op, _OPERAND_WORDS.get(op, attr[1:].lower()), given))
    raise error


# ---- dtype attributes: Shape's out_type, Unique's out_idx, ArgMax / ArgMin's output_type ------------------
_OUT_ATTRS = {
    'Shape': ('out_type', ('int32', 'int64'), 'input:T -> output:out_type; attr=T:type; '
              'attr=out_type:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]'),
    'Unique': ('out_idx', ('int32', 'int64'), 'x:T -> y:T, idx:out_idx; attr=T:type; '
               'attr=out_idx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]'),
    'UniqueWithCounts': ('out_idx', ('int32', 'int64'), 'x:T -> y:T, idx:out_idx, count:out_idx; attr=T:type; '
                         'attr=out_idx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]'),
}


def refuse_out_dtype(kernel, dtype_name, named, op, signature=None, allowed=None, attr=None):
    """Raise TF's registry error for an output dtype attribute ``kernel`` does not take (tf.shape(x,
    out_type=tf.float32)); return quietly for an allowed one."""
    if kernel in _OUT_ATTRS:
        attr, allowed, signature = _OUT_ATTRS[kernel]
    if dtype_name in allowed:
        return
    error = InvalidArgumentError(
        "Value for attr '%s' of %s is not in the list of allowed values: %s\n\t; NodeDef: {{node %s}}; "
        "Op<name=%s; signature=%s> [Op:%s]%s" % (attr, kernel_dtype_name(dtype_name), ', '.join(allowed),
                                                 kernel, kernel, signature, kernel, ' name: ' if named else ''))
    error.add_note('%s: %s must be one of %s, got %s' % (op, attr, ', '.join(allowed), dtype_name))
    raise error
