"""Bad input at the core tf.* entry points raises TensorFlow 2.21's class and text.

Golden texts: each call run under TensorFlow 2.21 (CPU, eager) and its ``type(e).__name__`` and
``str(e)`` copied here (errors15 fuzzer, /work/notes/progs/errors15).
"""
import numpy as np
import pytest

import framework as tf

_CPU = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '

CASES = [
    # a vector is no matrix for tf.matmul (numpy's @ would take it)
    (lambda: tf.matmul(tf.ones([3]), tf.ones([3])), 'InvalidArgumentError',
     _CPU % 'MatMul' + 'In[0] and In[1] ndims must be == 2: 1 [Op:MatMul] name: '),
    (lambda: tf.ones([3]) @ tf.ones([3]), 'InvalidArgumentError',
     _CPU % 'MatMul' + 'In[0] and In[1] ndims must be == 2: 1 [Op:MatMul] name: '),
    (lambda: tf.matmul(tf.ones([3]), tf.ones([3, 2])), 'InvalidArgumentError',
     _CPU % 'MatMul' + 'In[0] and In[1] has different ndims: [3] vs. [3,2] [Op:MatMul] name: '),
    (lambda: tf.matmul([1.0, 2.0], [[1.0], [2.0]]), 'InvalidArgumentError',
     _CPU % 'MatMul' + 'In[0] and In[1] has different ndims: [2] vs. [2,1] [Op:MatMul] name: '),
    (lambda: tf.matmul(tf.constant(1.0), tf.constant(1.0)), 'InvalidArgumentError',
     _CPU % 'MatMul' + 'In[0] and In[1] ndims must be == 2: 0 [Op:MatMul] name: '),
    (lambda: tf.matmul(tf.ones([2, 3, 4]), tf.ones([4])), 'InvalidArgumentError',
     _CPU % 'BatchMatMulV2' + 'In[1] ndims must be >= 2: 1 [Op:BatchMatMulV2] name: '),
    (lambda: tf.matmul(tf.ones([3]), tf.ones([2, 3, 4])), 'InvalidArgumentError',
     _CPU % 'BatchMatMulV2' + 'In[0] ndims must be >= 2: 1 [Op:BatchMatMulV2] name: '),
    # BatchMatMulV2 checks the batch axes before the matrices' sizes
    (lambda: tf.matmul(tf.ones([2, 3, 4]), tf.ones([4, 5, 6])), 'InvalidArgumentError',
     _CPU % 'BatchMatMulV2' + 'In[0] and In[1] must have compatible batch dimensions: [2,3,4] vs. [4,5,6] '
                              '[Op:BatchMatMulV2] name: '),
    (lambda: tf.matmul(tf.ones([2, 2], tf.int8), tf.ones([2, 2], tf.int8)), 'InvalidArgumentError',
     "Value for attr 'T' of int8 is not in the list of allowed values: bfloat16, half, float, double, int32, "
     "int64, uint8, uint16, uint32, uint64, complex64, complex128\n\t; NodeDef: {{node MatMul}}; Op<name=MatMul; "
     "signature=a:T, b:T -> product:T; attr=transpose_a:bool,default=false; attr=transpose_b:bool,default=false; "
     "attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, "
     "DT_UINT32, DT_UINT64, DT_COMPLEX64, DT_COMPLEX128]; attr=grad_a:bool,default=false; "
     "attr=grad_b:bool,default=false> [Op:MatMul] name: "),
    # comparisons, tf.where, reshape and broadcast_dynamic_shape of tensors: TF's fast path adds ' name: '
    (lambda: tf.less(tf.ones([4]), tf.ones([3])), 'InvalidArgumentError',
     _CPU % 'Less' + 'Incompatible shapes: [4] vs. [3] [Op:Less] name: '),
    (lambda: tf.equal(np.ones([4], np.float32), tf.ones([3])), 'InvalidArgumentError',
     _CPU % 'Equal' + 'Incompatible shapes: [4] vs. [3] [Op:Equal] name: '),
    (lambda: tf.equal([1., 2, 3, 4], tf.ones([3])), 'InvalidArgumentError',
     _CPU % 'Equal' + 'Incompatible shapes: [4] vs. [3] [Op:Equal]'),
    (lambda: tf.ones([4]) >= tf.ones([3]), 'InvalidArgumentError',
     _CPU % 'GreaterEqual' + 'Incompatible shapes: [4] vs. [3] [Op:GreaterEqual] name: '),
    (lambda: tf.where(tf.ones([3]) > 0, tf.ones([3]), tf.zeros([3], tf.int32)), 'InvalidArgumentError',
     'cannot compute SelectV2 as input #2(zero-based) was expected to be a float tensor but is a int32 tensor '
     '[Op:SelectV2] name: '),
    (lambda: tf.where(np.array([True, False, True]), tf.ones([3]), tf.zeros([3], tf.int32)), 'InvalidArgumentError',
     'cannot compute SelectV2 as input #2(zero-based) was expected to be a float tensor but is a int32 tensor '
     '[Op:SelectV2] name: '),
    (lambda: tf.where(tf.ones([3]) > 0, [1.0, 2.0], tf.ones([2])), 'InvalidArgumentError',
     _CPU % 'SelectV2' + 'condition [3], then [2], and else [2] must be broadcastable [Op:SelectV2]'),
    (lambda: tf.where(tf.ones([3]) > 0, tf.ones([2]), tf.ones([2])), 'InvalidArgumentError',
     _CPU % 'SelectV2' + 'condition [3], then [2], and else [2] must be broadcastable [Op:SelectV2] name: '),
    (lambda: tf.where([True, False, True], tf.ones([2]), tf.ones([2])), 'InvalidArgumentError',
     _CPU % 'SelectV2' + 'condition [3], then [2], and else [2] must be broadcastable [Op:SelectV2]'),
    (lambda: tf.where(tf.ones([3], tf.int32), tf.ones([3]), tf.zeros([3])), 'InvalidArgumentError',
     'cannot compute SelectV2 as input #0(zero-based) was expected to be a bool tensor but is a int32 tensor '
     '[Op:SelectV2] name: '),
    (lambda: tf.where([1.0, 0.0, 1.0], tf.ones([3]), tf.zeros([3])), 'TypeError',
     'Cannot convert [1.0, 0.0, 1.0] to EagerTensor of dtype bool'),
    (lambda: tf.where(tf.ones([3]) > 0, tf.ones([3])), 'ValueError', 'x and y must both be non-None or both be None.'),
    (lambda: tf.where(tf.ones([3]) > 0, None, tf.ones([3])), 'ValueError',
     'x and y must both be non-None or both be None.'),
    (lambda: tf.reshape(tf.ones([2, 3]), 5), 'InvalidArgumentError',
     _CPU % 'Reshape' + 'Input to reshape is a tensor with 6 values, but the requested shape has 5 '
                        '[Op:Reshape] name: '),
    (lambda: tf.reshape(tf.ones([2, 3]), tf.constant([4, 2])), 'InvalidArgumentError',
     _CPU % 'Reshape' + 'Input to reshape is a tensor with 6 values, but the requested shape has 8 '
                        '[Op:Reshape] name: '),
    (lambda: tf.reshape(tf.ones([2, 3]), np.int64(5)), 'InvalidArgumentError',
     _CPU % 'Reshape' + 'Input to reshape is a tensor with 6 values, but the requested shape has 5 [Op:Reshape]'),
    (lambda: tf.reshape(tf.ones([2, 3]), [4, 2]), 'InvalidArgumentError',
     _CPU % 'Reshape' + 'Input to reshape is a tensor with 6 values, but the requested shape has 8 [Op:Reshape]'),
    (lambda: tf.broadcast_dynamic_shape(tf.constant([4]), tf.constant([3])), 'InvalidArgumentError',
     _CPU % 'BroadcastArgs' + 'Incompatible shapes: [4] vs. [3] [Op:BroadcastArgs] name: '),
    (lambda: tf.broadcast_dynamic_shape([4], [3]), 'InvalidArgumentError',
     _CPU % 'BroadcastArgs' + 'Incompatible shapes: [4] vs. [3] [Op:BroadcastArgs]'),
    # an axis outside the rank, in each kernel's words (ops/axis_errors.py)
    (lambda: tf.argmax(tf.ones([2]), axis=1), 'InvalidArgumentError',
     _CPU % 'ArgMax' + 'Expected dimension in the range [-1, 1), but got 1 [Op:ArgMax] name: '),
    (lambda: tf.argmin(tf.ones([2, 3]), axis=2), 'InvalidArgumentError',
     _CPU % 'ArgMin' + 'Expected dimension in the range [-2, 2), but got 2 [Op:ArgMin] name: '),
    (lambda: tf.math.cumsum(tf.ones([2]), axis=2), 'InvalidArgumentError',
     _CPU % 'Cumsum' + 'ScanOp: Expected scan axis in the range [-1, 1), but got 2 [Op:Cumsum] name: '),
    (lambda: tf.math.cumprod(tf.ones([2, 3]), axis=-3), 'InvalidArgumentError',
     _CPU % 'Cumprod' + 'ScanOp: Expected scan axis in the range [-2, 2), but got -1 [Op:Cumprod] name: '),
    (lambda: tf.squeeze(tf.ones([2, 1]), axis=[1, -3]), 'InvalidArgumentError',
     _CPU % 'Squeeze' + 'Tried to squeeze dim index -3 for tensor with 2 dimensions. [Op:Squeeze] name: '),
    (lambda: tf.reverse(tf.ones([2, 3]), [-3]), 'InvalidArgumentError',
     _CPU % 'ReverseV2' + "'axis'[0] = -3 is out of valid range [0, 1 [Op:ReverseV2]"),
    (lambda: tf.reverse(tf.ones([2, 3]), tf.constant([5])), 'InvalidArgumentError',
     _CPU % 'ReverseV2' + "'axis'[0] = 5 is out of valid range [0, 1 [Op:ReverseV2] name: "),
    (lambda: tf.reverse(tf.ones([2, 3]), [1, -1]), 'InvalidArgumentError',
     _CPU % 'ReverseV2' + 'axis 1 specified more than once. [Op:ReverseV2]'),
    (lambda: tf.gather(tf.ones([3, 2]), [0], axis=-3), 'InvalidArgumentError',
     _CPU % 'GatherV2' + 'Shape must be at least rank 3 but is rank 2 [Op:GatherV2]'),
    (lambda: tf.nn.softmax(tf.ones([2, 3]), axis=2), 'InvalidArgumentError',
     '`dim` must be in the range [-2, 2) where 2 is the number of dimensions in the input. Received: dim=2'),
    (lambda: tf.argsort(tf.ones([2, 3]), axis=-3), 'InvalidArgumentError',
     _CPU % 'StridedSlice' + 'slice index -1 of dimension 0 out of bounds. [Op:StridedSlice] name: strided_slice/'),
    (lambda: tf.unstack(tf.ones([2, 3]), axis=3), 'ValueError', 'Argument `axis` = 3 not in range [-2, 2)'),
    (lambda: tf.unstack(tf.constant(1.0)), 'ValueError', 'Argument `axis` = 0 not in range [0, 0)'),
    # a Python float axis: the wrapper's int32 conversion refuses it
    (lambda: tf.reduce_mean(tf.ones([2, 3]), axis=1.0), 'TypeError',
     'Cannot convert 1.0 to EagerTensor of dtype int32'),
    (lambda: tf.concat([tf.ones([2]), tf.ones([2])], axis=1.5), 'TypeError',
     'Cannot convert 1.5 to EagerTensor of dtype int32'),
    (lambda: tf.expand_dims(tf.ones([2]), 1.0), 'TypeError', 'Cannot convert 1.0 to EagerTensor of dtype int32'),
    (lambda: tf.argmax(tf.ones([2]), axis=0.0), 'TypeError', 'axis must be int or Tensor with integer datatype'),
    # tf.split: the Split / SplitV kernels' words, their node naming the number of parts
    (lambda: tf.split(tf.ones([4]), 2, axis=1), 'InvalidArgumentError',
     _CPU % 'Split_num_split_2' + '-input rank(-1) <= split_dim < input rank (1), but got 1 [Op:Split] name: split'),
    (lambda: tf.split(tf.ones([4]), [2, 2], axis=1), 'InvalidArgumentError',
     _CPU % 'SplitV_num_split_2' + '-input rank(-1) <= split_dim < input rank (1), but got 1 [Op:SplitV] name: split'),
    (lambda: tf.split(tf.ones([5]), 2), 'InvalidArgumentError',
     _CPU % 'Split_num_split_2' + 'Number of ways to split should evenly divide the split dimension, but got '
                                  'split_dim 0 (size = 5) and num_split 2 [Op:Split] name: split'),
    (lambda: tf.split(tf.ones([5]), [2, 2]), 'InvalidArgumentError',
     _CPU % 'SplitV_num_split_2' + 'Determined shape must either match input shape along split_dim exactly if fully '
                                   'specified, or be less than the size of the input along split_dim if not fully '
                                   'specified.  Got: 4 [Op:SplitV] name: split'),
    (lambda: tf.split(tf.ones([4]), 0), 'InvalidArgumentError',
     "Value for attr 'num_split' of 0 must be at least minimum 1\n\t; NodeDef: {{node Split}}; Op<name=Split; "
     "signature=split_dim:int32, value:T -> output:num_split*T; attr=num_split:int,min=1; attr=T:type> [Op:Split] "
     "name: split"),
    # a None in a Python shape is no size TF's reshape converts (tapeflow read it as -1)
    (lambda: tf.reshape(tf.ones([2, 3]), [None, 3]), 'ValueError',
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    (lambda: tf.reshape(tf.ones([2, 3]), None), 'ValueError',
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    # GradientTape misuse
    (lambda: _tape_call(lambda t, x, y: t.gradient([1.0, 2.0], x)), 'AttributeError',
     "'float' object has no attribute '_id'"),
    (lambda: _tape_call(lambda t, x, y: t.gradient(3, x)), 'AttributeError', "'int' object has no attribute 'dtype'"),
    (lambda: _tape_call(lambda t, x, y: t.gradient('a', x)), 'TypeError',
     "Cannot convert the argument `type_value`: 'a' to a TensorFlow DType."),
    (lambda: _tape_call(lambda t, x, y: t.gradient(y, [x, 1.0])), 'AttributeError',
     "'float' object has no attribute '_id'"),
    (lambda: _tape_call(lambda t, x, y: t.gradient(y, np.ones(2))), 'AttributeError',
     "'numpy.ndarray' object has no attribute '_id'"),
    (lambda: _tape_call(lambda t, x, y: t.gradient(y, {'a': x, 'b': 2})), 'AttributeError',
     "'int' object has no attribute '_id'"),
    (lambda: _tape_call(lambda t, x, y: t.gradient(y, 'a')), 'TypeError',
     "Cannot convert the argument `type_value`: 'a' to a TensorFlow DType."),
    (lambda: tf.GradientTape().watch(tf.constant(1.0)), 'AttributeError', "'NoneType' object has no attribute '_tape'"),
    (lambda: tf.GradientTape().stop_recording().__enter__(), 'RuntimeError',
     'Trying to stop recording a tape which is not recording.'),
    (lambda: _enter_twice(tf.GradientTape()), 'ValueError',
     'Tape is still recording, This can happen if you try to re-enter an already-active tape.'),
    # tf.one_hot's depth and axis, tf.tile's multiples, tf.cast's dtype
    (lambda: tf.one_hot([1], 3.0), 'TypeError', 'Cannot convert 3.0 to EagerTensor of dtype int32'),
    (lambda: tf.one_hot([1], None), 'ValueError',
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    (lambda: tf.one_hot([1], tf.constant(3, tf.int64)), 'ValueError',
     'Tensor conversion requested dtype int32 for Tensor with dtype int64: <tf.Tensor: shape=(), dtype=int64, '
     'numpy=3>'),
    (lambda: tf.one_hot(tf.constant([1]), -1), 'InvalidArgumentError',
     _CPU % 'OneHot' + 'depth must be non-negative, got: -1 [Op:OneHot] name: '),
    (lambda: tf.one_hot([1], 3, axis=3), 'InvalidArgumentError',
     _CPU % 'OneHot' + 'Expected axis to be -1 or between [0, 2).  But received: 3 [Op:OneHot]'),
    (lambda: tf.tile(tf.ones([2]), 2), 'InvalidArgumentError',
     _CPU % 'Tile' + 'Expected multiples to be 1-D, but got shape [] [Op:Tile] name: '),
    (lambda: tf.tile(tf.ones([2]), [[2]]), 'InvalidArgumentError',
     _CPU % 'Tile' + 'Expected multiples to be 1-D, but got shape [1,1] [Op:Tile]'),
    (lambda: tf.tile(tf.ones([2, 3]), tf.constant([2])), 'InvalidArgumentError',
     _CPU % 'Tile' + 'Expected multiples argument to be a vector of length 2 but got length 1 [Op:Tile] name: '),
    (lambda: tf.tile(tf.ones([2]), [-1]), 'InvalidArgumentError',
     _CPU % 'Tile' + 'Expected multiples[0] >= 0, but got -1 [Op:Tile]'),
    (lambda: tf.cast(tf.constant(1.0), None), 'TypeError',
     'Cannot convert the argument `type_value`: None to a TensorFlow DType.'),
    (lambda: tf.cast(tf.constant(1.0), 'foo'), 'TypeError',
     "Cannot convert the argument `type_value`: 'foo' to a TensorFlow DType."),
    # tf.custom_gradient's f must return (output, grad_fn): TF unpacks it as Python does
    (lambda: _custom_gradient_returning(lambda x: x * 2)(tf.constant(1.0)), 'TypeError',
     'Cannot iterate over a scalar tensor.'),
    (lambda: _custom_gradient_returning(lambda x: (x * 2, 5))(tf.constant(1.0)), 'TypeError', 'unsupported callable'),
    # checks TF makes in Python before any kernel runs
    (lambda: tf.pad(tf.ones([2, 3]), [[1, 1], [1, 1]], mode='foo'), 'ValueError',
     'Value of argument `mode` expected to be one of "CONSTANT", "REFLECT", or "SYMMETRIC". Received `mode` = FOO'),
    (lambda: tf.boolean_mask(tf.ones([3]), True), 'ValueError', 'mask cannot be scalar.'),
    (lambda: tf.sort(tf.ones([2]), direction='UP'), 'ValueError',
     'Argument `direction` should be one of ASCENDING, DESCENDING. Received: direction=UP'),
    (lambda: tf.einsum('ij,jk', tf.ones([2, 3])), 'ValueError', 'Got 1 inputs for equation "ij,jk", expecting 2'),
    (lambda: tf.nn.dropout(tf.ones([2]), rate=1.5), 'ValueError',
     '`rate` must be a scalar tensor or a float in the range [0, 1). Received: rate=1.5'),
    (lambda: tf.nn.dropout(tf.ones([2], tf.int32), rate=0.5), 'ValueError',
     "`x.dtype` must be a floating point tensor as `x` will be scaled. Received: x_dtype=<dtype: 'int32'>"),
    (lambda: tf.math.reduce_variance(tf.ones([2, 3], tf.int32)), 'TypeError',
     "Input must be either real or complex. Received integer type <dtype: 'int32'>."),
    (lambda: tf.TensorShape([-2]), 'ValueError', 'Dimension -2 must be >= 0'),
    (lambda: tf.TensorShape(['a']), 'TypeError',
     "Dimension value must be integer or None or have an __index__ method, got value ''a'' with type "
     "'<class 'str'>'"),
    # tf.data counts convert to int64 tensors
    (lambda: tf.data.Dataset.range(3).batch(2.0), 'TypeError', 'Cannot convert 2.0 to EagerTensor of dtype int64'),
    (lambda: tf.data.Dataset.range(3).take(1.5), 'TypeError', 'Cannot convert 1.5 to EagerTensor of dtype int64'),
    (lambda: tf.data.Dataset.range(3).batch(None), 'ValueError',
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    # every stage's function argument, in TF's StructuredFunctionWrapper words
    (lambda: tf.data.Dataset.range(3).map(5), 'ValueError',
     "Argument `func` must be a callable. Received func=5 (of type <class 'int'>)"),
    (lambda: tf.data.Dataset.range(3).reduce(0, None), 'ValueError',
     "Argument `func` must be a callable. Received func=None (of type <class 'NoneType'>)"),
]


def _custom_gradient_returning(body):
    @tf.custom_gradient
    def f(x):
        return body(x)
    return f


def _tape_call(call):
    x = tf.Variable(1.0)
    with tf.GradientTape() as tape:
        y = x * x
    return call(tape, x, y)


def _enter_twice(tape):
    with tape:
        with tape:
            pass


@pytest.mark.parametrize('call, kind, text', CASES)
def test_bad_input_raises_tf_class_and_text(call, kind, text, monkeypatch):
    if 'MatMul' in text:        # these were printed by TF without oneDNN (whose kernels word them otherwise)
        monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')
    with pytest.raises(Exception) as caught:
        call()
    assert (type(caught.value).__name__, str(caught.value)) == (kind, text)
