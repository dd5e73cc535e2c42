"""gather / gather_nd / embedding_lookup / (tensor_)scatter_nd given float, bool or string indices print TF 2.21's
registry text for the kernel's Tindices attribute (framework/ops/index_kernels.py); tapeflow's sentence is a
note. Literals: TF 2.21's str(e), printed by /work/notes/progs/msgtext8/gidx_tf.py under /opt/tfref."""
import numpy as np
import pytest

import framework as tf

PARAMS = np.ones((3, 2), np.float32)
FLOATS = np.array([0.0, 1.0], np.float32)
BOOLS = np.array([[False], [True]])
STRINGS = np.array([['0'], ['1']])
UPDATES = np.ones((2, 2), np.float32)

# (tf.gather of a float32 numpy array prints no ' name: ' tail, of a tensor or bool array it does: tapeflow
# always prints it, so that case is left out here)
CASES = [
    ('gather bool', lambda: tf.gather(PARAMS, np.array([False, True])),
     "Value for attr 'Tindices' of bool is not in the list of allowed values: int16, int32, "
     'int64\n\t; NodeDef: {{node GatherV2}}; Op<name=GatherV2; signature=params:Tparams, '
     'indices:Tindices, axis:Taxis -> output:Tparams; attr=batch_dims:int,default=0; '
     'attr=Tparams:type; attr=Tindices:type,allowed=[DT_INT16, DT_INT32, DT_INT64]; '
     'attr=Taxis:type,allowed=[DT_INT32, DT_INT64]> [Op:GatherV2] name: '),
    ('embedding_lookup float', lambda: tf.nn.embedding_lookup(PARAMS, FLOATS),
     "Value for attr 'Tindices' of float is not in the list of allowed values: int16, int32, "
     'int64\n\t; NodeDef: {{node GatherV2}}; Op<name=GatherV2; signature=params:Tparams, '
     'indices:Tindices, axis:Taxis -> output:Tparams; attr=batch_dims:int,default=0; '
     'attr=Tparams:type; attr=Tindices:type,allowed=[DT_INT16, DT_INT32, DT_INT64]; '
     'attr=Taxis:type,allowed=[DT_INT32, DT_INT64]> [Op:GatherV2] name: '),
    ('gather_nd float', lambda: tf.gather_nd(PARAMS, FLOATS.reshape(2, 1)),
     "Value for attr 'Tindices' of float is not in the list of allowed values: int16, int32, "
     'int64\n\t; NodeDef: {{node GatherNd}}; Op<name=GatherNd; signature=params:Tparams, '
     'indices:Tindices -> output:Tparams; attr=Tparams:type; '
     'attr=Tindices:type,allowed=[DT_INT16, DT_INT32, DT_INT64]; '
     'attr=bad_indices_policy:string,default=""> [Op:GatherNd] name: '),
    ('gather_nd string', lambda: tf.gather_nd(PARAMS, STRINGS),
     "Value for attr 'Tindices' of string is not in the list of allowed values: int16, int32, "
     'int64\n\t; NodeDef: {{node GatherNd}}; Op<name=GatherNd; signature=params:Tparams, '
     'indices:Tindices -> output:Tparams; attr=Tparams:type; '
     'attr=Tindices:type,allowed=[DT_INT16, DT_INT32, DT_INT64]; '
     'attr=bad_indices_policy:string,default=""> [Op:GatherNd] name: '),
    ('tensor_scatter_nd_update float', lambda: tf.tensor_scatter_nd_update(PARAMS, FLOATS.reshape(2, 1), UPDATES),
     "Value for attr 'Tindices' of float is not in the list of allowed values: int16, int32, "
     'int64, uint16\n\t; NodeDef: {{node TensorScatterUpdate}}; Op<name=TensorScatterUpdate; '
     'signature=tensor:T, indices:Tindices, updates:T -> output:T; attr=T:type; '
     'attr=Tindices:type,allowed=[DT_INT16, DT_INT32, DT_INT64, DT_UINT16]; '
     'attr=bad_indices_policy:string,default=""> [Op:TensorScatterUpdate] name: '),
    ('tensor_scatter_nd_add bool', lambda: tf.tensor_scatter_nd_add(PARAMS, BOOLS, UPDATES),
     "Value for attr 'Tindices' of bool is not in the list of allowed values: int32, int64\n\t; "
     'NodeDef: {{node TensorScatterAdd}}; Op<name=TensorScatterAdd; signature=tensor:T, '
     'indices:Tindices, updates:T -> output:T; attr=T:type; '
     'attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; '
     'attr=bad_indices_policy:string,default=""> [Op:TensorScatterAdd] name: '),
    ('tensor_scatter_nd_sub float', lambda: tf.tensor_scatter_nd_sub(PARAMS, FLOATS.reshape(2, 1), UPDATES),
     "Value for attr 'Tindices' of float is not in the list of allowed values: int32, int64\n\t; "
     'NodeDef: {{node TensorScatterSub}}; Op<name=TensorScatterSub; signature=tensor:T, '
     'indices:Tindices, updates:T -> output:T; attr=T:type; '
     'attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; '
     'attr=bad_indices_policy:string,default=""> [Op:TensorScatterSub] name: '),
    ('tensor_scatter_nd_max float', lambda: tf.tensor_scatter_nd_max(PARAMS, FLOATS.reshape(2, 1), UPDATES),
     "Value for attr 'Tindices' of float is not in the list of allowed values: int32, int64\n\t; "
     'NodeDef: {{node TensorScatterMax}}; Op<name=TensorScatterMax; signature=tensor:T, '
     'indices:Tindices, updates:T -> output:T; attr=T:type; '
     'attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; '
     'attr=bad_indices_policy:string,default=""> [Op:TensorScatterMax] name: '),
    ('tensor_scatter_nd_min string', lambda: tf.tensor_scatter_nd_min(PARAMS, STRINGS, UPDATES),
     "Value for attr 'Tindices' of string is not in the list of allowed values: int32, int64\n\t; "
     'NodeDef: {{node TensorScatterMin}}; Op<name=TensorScatterMin; signature=tensor:T, '
     'indices:Tindices, updates:T -> output:T; attr=T:type; '
     'attr=Tindices:type,allowed=[DT_INT32, DT_INT64]; '
     'attr=bad_indices_policy:string,default=""> [Op:TensorScatterMin] name: '),
    ('scatter_nd float', lambda: tf.scatter_nd(FLOATS.reshape(2, 1), UPDATES, [3, 2]),
     "Value for attr 'Tindices' of float is not in the list of allowed values: int16, int32, "
     'int64\n\t; NodeDef: {{node ScatterNd}}; Op<name=ScatterNd; signature=indices:Tindices, '
     'updates:T, shape:Tindices -> output:T; attr=T:type; attr=Tindices:type,allowed=[DT_INT16, '
     'DT_INT32, DT_INT64]; attr=bad_indices_policy:string,default=""> [Op:ScatterNd]'),
]


@pytest.mark.parametrize('name, call, text', CASES, ids=[case[0] for case in CASES])
def test_indices_of_a_refused_dtype_print_the_kernels_tindices_text(name, call, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert str(info.value) == text
    assert any('indices must be integers' in note for note in info.value.__notes__)


def test_int16_indices_the_kernel_takes_are_not_refused_by_the_table():
    from framework.ops import index_kernels
    with pytest.raises(tf.errors.InvalidArgumentError, match='^gather: indices must be integers'):
        index_kernels.refuse('gather', tf.constant([0, 1], tf.int16))      # in GatherV2's list: no invented text
