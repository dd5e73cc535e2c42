"""Kernel errors of less common tf ops in TF 2.21's words (probe /work/notes/progs/errors25/h7.py): the kernel's
frame and name ('DynamicPartition_num_partitions_2', 'DynamicStitch_N_1', InTopKV2, LowerBound), the ' name: '
tail only where TF's eager fast path ran (no Python list among the arguments), the registry errors of
ResourceGather (a variable's rows), Invert (~ of a float), Fill's float dims, and bitwise operators whose
first operand fixes the kernel's dtype; nn ops' length checks of strides / ksize / dilations."""
import pytest

import framework as tf

CASES = [
    ('unique_2d', lambda: tf.unique(tf.ones((2, 2))),
     'InvalidArgumentError', '{{function_node __wrapped__Unique_device_/job:localhost/replica:0/task:0/device:CPU:0}'
                             '} unique expects a 1D vector. [Op:Unique] name: '),
    ('unique_2d_list', lambda: tf.unique([[1, 2]]),
     'InvalidArgumentError', '{{function_node __wrapped__Unique_device_/job:localhost/replica:0/task:0/device:CPU:0}'
                             '} unique expects a 1D vector. [Op:Unique]'),
    ('dynamic_partition_oob', lambda: tf.dynamic_partition(tf.ones(3), [0, 1, 2], 2),
     'InvalidArgumentError', '{{function_node __wrapped__DynamicPartition_num_partitions_2_device_/job:localhost/rep'
                             'lica:0/task:0/device:CPU:0}} partitions[2] = 2 is not in [0, 2) [Op:DynamicPartition]'),
    ('dynamic_partition_neg_t', lambda: tf.dynamic_partition(tf.ones((2, 2)), tf.constant([[0, -1], [0, 0]]), 2),
     'InvalidArgumentError', '{{function_node __wrapped__DynamicPartition_num_partitions_2_device_/job:localhost/rep'
                             'lica:0/task:0/device:CPU:0}} partitions[0,1] = -1 is not in [0, 2) [Op:DynamicPartitio'
                             'n] name: '),
    ('dynamic_partition_shape', lambda: tf.dynamic_partition(tf.ones(3), tf.constant([0, 1]), 2),
     'InvalidArgumentError', '{{function_node __wrapped__DynamicPartition_num_partitions_2_device_/job:localhost/rep'
                             'lica:0/task:0/device:CPU:0}} data.shape must start with partitions.shape, got data.sha'
                             'pe = [3], partitions.shape = [2] [Op:DynamicPartition] name: '),
    ('dynamic_stitch_len', lambda: tf.dynamic_stitch([[0, 1]], [tf.ones(3)]),
     'InvalidArgumentError', '{{function_node __wrapped__DynamicStitch_N_1_device_/job:localhost/replica:0/task:0/de'
                             'vice:CPU:0}} data[0].shape = [3] does not start with indices[0].shape = [2] [Op:Dynami'
                             'cStitch]'),
    ('dynamic_stitch_len_t', lambda: tf.dynamic_stitch([tf.constant([0, 1])], [tf.ones(3)]),
     'InvalidArgumentError', '{{function_node __wrapped__DynamicStitch_N_1_device_/job:localhost/replica:0/task:0/de'
                             'vice:CPU:0}} data[0].shape = [3] does not start with indices[0].shape = [2] [Op:Dynami'
                             'cStitch] name: '),
    ('in_top_k_shapes', lambda: tf.math.in_top_k([0, 1], tf.ones((3, 3)), 1),
     'InvalidArgumentError', '{{function_node __wrapped__InTopKV2_device_/job:localhost/replica:0/task:0/device:CPU:'
                             '0}} First dimension of predictions 3 must match length of targets 2 [Op:InTopKV2]'),
    ('in_top_k_shapes_t', lambda: tf.math.in_top_k(tf.constant([0, 1]), tf.ones((3, 3)), 1),
     'InvalidArgumentError', '{{function_node __wrapped__InTopKV2_device_/job:localhost/replica:0/task:0/device:CPU:'
                             '0}} First dimension of predictions 3 must match length of targets 2 [Op:InTopKV2] name'
                             ': '),
    ('in_top_k_rank', lambda: tf.math.in_top_k(tf.constant([0]), tf.ones(3), 1),
     'InvalidArgumentError', '{{function_node __wrapped__InTopKV2_device_/job:localhost/replica:0/task:0/device:CPU:'
                             '0}} predictions must be 2-dimensional [Op:InTopKV2] name: '),
    ('in_top_k_int_pred', lambda: tf.math.in_top_k(tf.constant([0]), tf.ones((1, 3), tf.int32), 1),
     'InvalidArgumentError', 'cannot compute InTopKV2 as input #0(zero-based) was expected to be a float tensor but '
                             'is a int32 tensor [Op:InTopKV2] name: '),
    ('searchsorted_side', lambda: tf.searchsorted(tf.constant([1, 2]), tf.constant([1]), side='middle'),
     'ValueError', "Argument `side` must be either 'right' or 'left'. Received: `side` = 'middle'."),
    ('searchsorted_lead', lambda: tf.searchsorted(tf.ones((2, 3)), tf.ones((3, 1))),
     'InvalidArgumentError', '{{function_node __wrapped__LowerBound_device_/job:localhost/replica:0/task:0/device:CP'
                             'U:0}} Leading dim_size of both tensors must match. [Op:LowerBound] name: '),
    ('searchsorted_dtypes', lambda: tf.searchsorted(tf.constant([1, 2]), tf.constant([1.0])),
     'InvalidArgumentError', 'cannot compute LowerBound as input #1(zero-based) was expected to be a int32 tensor bu'
                             't is a float tensor [Op:LowerBound] name: '),
    ('fill_dims_float', lambda: tf.fill([2.0], 1.0),
     'InvalidArgumentError', "Value for attr 'index_type' of float is not in the list of allowed values: int32, int6"
                             '4\n\t; NodeDef: {{node Fill}}; Op<name=Fill; signature=dims:index_type, value:T -> out'
                             'put:T; attr=T:type; attr=index_type:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]'
                             '> [Op:Fill]'),
    ('var_gather_float', lambda: tf.gather(tf.Variable(tf.ones((3, 2))), [0.0]),
     'InvalidArgumentError', "Value for attr 'Tindices' of float is not in the list of allowed values: int32, int64"
                             '\n\t; NodeDef: {{node ResourceGather}}; Op<name=ResourceGather; signature=resource:res'
                             'ource, indices:Tindices -> output:dtype; attr=batch_dims:int,default=0; attr=validate_'
                             'indices:bool,default=true; attr=dtype:type; attr=Tindices:type,allowed=[DT_INT32, DT_I'
                             'NT64]; is_stateful=true> [Op:ResourceGather]'),
    ('var_gather_float_t', lambda: tf.gather(tf.Variable(tf.ones((3, 2))), tf.constant([0.0])),
     'InvalidArgumentError', "Value for attr 'Tindices' of float is not in the list of allowed values: int32, int64"
                             '\n\t; NodeDef: {{node ResourceGather}}; Op<name=ResourceGather; signature=resource:res'
                             'ource, indices:Tindices -> output:dtype; attr=batch_dims:int,default=0; attr=validate_'
                             'indices:bool,default=true; attr=dtype:type; attr=Tindices:type,allowed=[DT_INT32, DT_I'
                             'NT64]; is_stateful=true> [Op:ResourceGather] name: '),
    ('avg_pool_ksize3', lambda: tf.nn.avg_pool2d(tf.ones((1, 4, 4, 1)), [2, 2, 2], 1, 'VALID'),
     'ValueError', 'ksize should be of length 1, 2 or 4. Received: ksize=[2, 2, 2] of length 3'),
    ('conv2d_strides_3', lambda: tf.nn.conv2d(tf.ones((1, 5, 5, 3)), tf.ones((3, 3, 3, 2)), [1, 2, 1], 'SAME'),
     'ValueError', 'strides should be of length 1, 2 or 4. Received: strides=[1, 2, 1] of length 3'),
    ('conv2d_dil_3', lambda: tf.nn.conv2d(tf.ones((1, 5, 5, 3)), tf.ones((3, 3, 3, 2)), 1, 'SAME', dilations=[1, 2, 1]),
     'ValueError', 'dilations should be of length 1, 2 or 4. Received: dilations=[1, 2, 1] of length 3'),
    ('invert_float', lambda: ~tf.constant([1.0]),
     'InvalidArgumentError', "Value for attr 'T' of float is not in the list of allowed values: int8, int16, int32, "
                             'int64, uint8, uint16, uint32, uint64\n\t; NodeDef: {{node Invert}}; Op<name=Invert; si'
                             'gnature=x:T -> y:T; attr=T:type,allowed=[DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UIN'
                             'T8, DT_UINT16, DT_UINT32, DT_UINT64]> [Op:Invert] name: '),
    ('invert_str', lambda: ~tf.constant(['a']),
     'InvalidArgumentError', "Value for attr 'T' of string is not in the list of allowed values: int8, int16, int32,"
                             ' int64, uint8, uint16, uint32, uint64\n\t; NodeDef: {{node Invert}}; Op<name=Invert; s'
                             'ignature=x:T -> y:T; attr=T:type,allowed=[DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UI'
                             'NT8, DT_UINT16, DT_UINT32, DT_UINT64]> [Op:Invert] name: '),
    ('and_int_bool', lambda: tf.constant([1]) & tf.constant([True]),
     'InvalidArgumentError', 'cannot compute BitwiseAnd as input #1(zero-based) was expected to be a int32 tensor bu'
                             't is a bool tensor [Op:BitwiseAnd] name: '),
    ('getitem_bool_list', lambda: tf.ones(3)[[True, False, True]],
     'InvalidArgumentError', "Value for attr 'Index' of bool is not in the list of allowed values: int16, int32, int"
                             '64\n\t; NodeDef: {{node StridedSlice}}; Op<name=StridedSlice; signature=input:T, begin'
                             ':Index, end:Index, strides:Index -> output:T; attr=T:type; attr=Index:type,allowed=[DT'
                             '_INT16, DT_INT32, DT_INT64]; attr=begin_mask:int,default=0; attr=end_mask:int,default='
                             '0; attr=ellipsis_mask:int,default=0; attr=new_axis_mask:int,default=0; attr=shrink_axi'
                             's_mask:int,default=0> [Op:StridedSlice] name: strided_slice/'),
    ('segment_sum_float_ids', lambda: tf.math.segment_sum(tf.ones(3), [0.0, 1.0, 1.0]),
     'InvalidArgumentError', "Value for attr 'Tindices' of float is not in the list of allowed values: int32, int64"
                             '\n\t; NodeDef: {{node SegmentSum}}; Op<name=SegmentSum; signature=data:T, segment_ids:'
                             'Tindices -> output:T; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT'
                             '_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, '
                             'DT_QINT16, DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; attr='
                             'Tindices:type,allowed=[DT_INT32, DT_INT64]> [Op:SegmentSum]'),
    ('unsorted_segment_float_ids', lambda: tf.math.unsorted_segment_sum(tf.ones(3), [0.0, 1.0, 0.0], 2),
     'InvalidArgumentError', "Value for attr 'Tindices' of float is not in the list of allowed values: int16, int32,"
                             ' int64\n\t; NodeDef: {{node UnsortedSegmentSum}}; Op<name=UnsortedSegmentSum; signatur'
                             'e=data:T, segment_ids:Tindices, num_segments:Tnumsegments -> output:T; attr=T:type,all'
                             'owed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT'
                             '64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, DT_QUINT16, DT_UINT16, DT_'
                             'COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; attr=Tindices:type,allowed=[DT_INT16, DT_I'
                             'NT32, DT_INT64]; attr=Tnumsegments:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]>'
                             ' [Op:UnsortedSegmentSum]'),
]


@pytest.mark.parametrize('name, call, kind, text', CASES, ids=[case[0] for case in CASES])
def test_tensorflows_class_and_words(name, call, kind, text):
    with pytest.raises(Exception) as caught:
        call()
    assert (type(caught.value).__name__, str(caught.value)) == (kind, text)


def test_integer_moments_stay_integers():
    mean, variance = tf.nn.moments(tf.constant([[1, 2], [4, 7]]), [0])
    assert (mean.numpy().tolist(), variance.numpy().tolist()) == ([2, 4], [2, 6])     # TF 2.21
    mean, variance = tf.nn.moments(tf.constant([[-1, 2], [-4, 7]]), [0])
    assert (mean.numpy().tolist(), variance.numpy().tolist()) == ([-2, 4], [2, 6])


def test_int16_indices_of_a_variables_columns_are_gathered():
    v = tf.Variable(tf.ones((3, 2)))
    assert tf.gather(v, tf.constant([0], tf.int16), axis=1).shape == (3, 1)     # GatherV2 takes int16
    with pytest.raises(tf.errors.InvalidArgumentError, match="(?s)'Tindices' of int16 .* ResourceGather"):
        tf.gather(v, tf.constant([0], tf.int16))


@pytest.mark.parametrize('dtype', [tf.string, tf.bool, tf.complex64])
def test_limits_of_dtypes_without_them(dtype):
    # TF 2.21: "Cannot find maximum value of <dtype: 'string'> with type <dtype: 'string'>."
    for which, word in (('max', 'maximum'), ('min', 'minimum')):
        with pytest.raises(TypeError) as caught:
            getattr(dtype, which)
        assert str(caught.value) == 'Cannot find %s value of %s with type %s.' % (word, dtype, dtype)
