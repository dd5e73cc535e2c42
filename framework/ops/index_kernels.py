"""TensorFlow's refusal of an index tensor whose dtype its gather / scatter kernel does not take (float,
bool or string indices), as TF 2.21's op registry words it:

    Value for attr 'Tindices' of float is not in the list of allowed values: int16, int32, int64
    \t; NodeDef: {{node GatherV2}}; Op<name=GatherV2; signature=params:Tparams, ...> [Op:GatherV2] name:

Each entry's text was printed by TF 2.21 (/work/notes/progs/msgtext8/gidx_tf.py). The ' name: ' tail is the
one eager dispatch prints for a tensor argument; tf.gather of a float32 numpy array or list prints none.
"""
from ..errors import InvalidArgumentError
from .graph_input_errors import kernel_dtype_name

_GATHER_ND = ('params:Tparams, indices:Tindices -> output:Tparams; attr=Tparams:type; '
              'attr=Tindices:type,allowed=[DT_INT16, DT_INT32, DT_INT64]; attr=bad_indices_policy:string,default=""')
_SCATTER = ('tensor:T, indices:Tindices, updates:T -> output:T; attr=T:type; attr=Tindices:type,allowed=[%s]; '
            'attr=bad_indices_policy:string,default=""')
_INT32_64 = ('int32', 'int64')

# tapeflow op -> (kernel, the Tindices list, the kernel's signature and attributes, whether ' name: ' follows)
KERNELS = {
    'gather': ('GatherV2', ('int16',) + _INT32_64,
               'params:Tparams, indices:Tindices, axis:Taxis -> output:Tparams; attr=batch_dims:int,default=0; '
               'attr=Tparams:type; attr=Tindices:type,allowed=[DT_INT16, DT_INT32, DT_INT64]; '
               'attr=Taxis:type,allowed=[DT_INT32, DT_INT64]', True),
    # a variable's rows (tf.gather(v, i) along axis 0 is v.sparse_read)
    'resource_gather': ('ResourceGather', _INT32_64,
                        'resource:resource, indices:Tindices -> output:dtype; attr=batch_dims:int,default=0; '
                        'attr=validate_indices:bool,default=true; attr=dtype:type; '
                        'attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; is_stateful=true', True),
    'gather_nd': ('GatherNd', ('int16',) + _INT32_64, _GATHER_ND, True),
    'tensor_scatter_nd_update': ('TensorScatterUpdate', ('int16', 'int32', 'int64', 'uint16'),
                                 _SCATTER % 'DT_INT16, DT_INT32, DT_INT64, DT_UINT16', True),
    'scatter_nd': ('ScatterNd', ('int16',) + _INT32_64,
                   'indices:Tindices, updates:T, shape:Tindices -> output:T; attr=T:type; '
                   'attr=Tindices:type,allowed=[DT_INT16, DT_INT32, DT_INT64]; '
                   'attr=bad_indices_policy:string,default=""', False),
}
KERNELS.update({op: (kernel, _INT32_64, _SCATTER % 'DT_INT32, DT_INT64', True) for op, kernel in (
    ('tensor_scatter_nd_add', 'TensorScatterAdd'), ('tensor_scatter_nd_sub', 'TensorScatterSub'),
    ('tensor_scatter_nd_max', 'TensorScatterMax'), ('tensor_scatter_nd_min', 'TensorScatterMin'))})



def refuse(op, index, named=True):
    """Raise TF's registry error for ``op``'s ``index`` tensor of a dtype the kernel does not take, with
    tapeflow's sentence as a note (that sentence alone for an op outside the table)."""
    words = '%s: indices must be integers, got dtype %s' % (op, index.dtype.name)
    entry = KERNELS.get(op)
    shown = kernel_dtype_name(index.dtype)
    if entry is None or shown in entry[1]:
        raise InvalidArgumentError(words)
    kernel, allowed, signature, tail = entry
    if index._data.dtype.kind in 'iu':      # an integer dtype the kernel does not list (int16 for ResourceGather)
        words = '%s: indices must be of dtype %s, got %s' % ('gather' if op == 'resource_gather' else op,
                                                             ' or '.join(allowed), index.dtype.name)
    error = InvalidArgumentError("Value for attr 'Tindices' of %s is not in the list of allowed values: %s\n\t; "
                                 "NodeDef: {{node %s}}; Op<name=%s; signature=%s> [Op:%s]%s"
                                 % (shown, ', '.join(allowed), kernel, kernel, signature, kernel,
                                    ' name: ' if named and tail else ''))
    error.add_note(words)
    raise error
