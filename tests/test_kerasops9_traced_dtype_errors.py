"""A tensor of a dtype an op's definition does not allow, inside a tf.function (a tf.data map, a Keras predict),
is refused as TF 2.21's graph refuses it: op_def_library's TypeError "Value passed to parameter 'x' has DataType
int32 not in list of allowed values: bfloat16, float16, float32, float64", naming the OpDef's first input of that
type and the DTypes' names, as the op is added. tapeflow raised the eager registry's InvalidArgumentError ("Value
for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, double ... [Op:Erf] name: ").
Eagerly the registry's words stay. Texts: TF 2.21's (notes/progs/kerasops9/dt.py, dt2.py, dt4.py, *_tf.out)."""
import numpy as np
import pytest

import framework as tf
from helpers_error_texts import raised_in_trace
from framework import keras

_FLOATS = 'bfloat16, float16, float32, float64'
_SUMMABLE = ('float32, float64, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, '
             'quint16, uint16, complex128, float16, uint32, uint64')


def _caught(fn, dtype, shape=(None, 4)):
    return raised_in_trace(fn, dtype, shape)


@pytest.mark.parametrize('fn, dtype, shape, parameter, allowed', [
    # TF 2.21 gives ... "Value passed to parameter 'input' has DataType int32 not in list of allowed values: float16,
    # float32, float64, complex64, complex128" for tf.linalg.det, and so on (dt_tf.out)
    (tf.linalg.det, 'int32', (3, 3), 'input', 'float16, float32, float64, complex64, complex128'),
    (tf.linalg.slogdet, 'int32', (3, 3), 'input', 'float16, float32, float64, complex64, complex128'),
    (tf.linalg.logdet, 'int32', (3, 3), 'input', 'float64, float32, float16, complex64, complex128'),
    (tf.linalg.inv, 'int32', (3, 3), 'input', 'float64, float32, float16, complex64, complex128'),
    (tf.math.bessel_i0e, 'int32', (None, 4), 'x', _FLOATS),
    (tf.math.special.bessel_i0, 'int32', (None, 4), 'x', _FLOATS),
    (tf.sqrt, 'int32', (None, 4), 'x', _FLOATS + ', complex64, complex128'),
    (tf.sqrt, 'bool', (None, 4), 'x', _FLOATS + ', complex64, complex128'),
    (tf.sqrt, 'string', (None, 4), 'x', _FLOATS + ', complex64, complex128'),
    (tf.math.erf, 'int32', (None, 4), 'x', _FLOATS),
    (tf.math.is_nan, 'int32', (None, 4), 'x', _FLOATS),
    (tf.nn.softplus, 'int32', (None, 4), 'features', 'float16, bfloat16, float32, float64'),
    (tf.nn.softmax, 'int32', (None, 4), 'logits', 'float16, bfloat16, float32, float64'),
    (tf.nn.l2_loss, 'int32', (None, 4), 't', 'float16, bfloat16, float32, float64'),
    (tf.reduce_sum, 'bool', (None, 4), 'input', _SUMMABLE),
    (tf.cumsum, 'bool', (None, 4), 'x', _SUMMABLE),
    (tf.abs, 'bool', (None, 4), 'x', 'bfloat16, float16, float32, float64, int8, int16, int32, int64'),
    (lambda x: tf.math.atan2(x, x), 'int32', (None, 4), 'y', _FLOATS),
    (lambda x: tf.matmul(x, x), 'bool', (3, 3), 'a',
     'bfloat16, float16, float32, float64, int32, int64, uint8, uint16, uint32, uint64, complex64, complex128'),
    (lambda x: x - x, 'bool', (None, 4), 'x',
     'bfloat16, float16, float32, float64, uint8, int8, uint16, int16, int32, int64, complex64, complex128, uint32, '
     'uint64'),
    (lambda x: tf.add_n([x, x]), 'bool', (None, 4), 'inputs', _SUMMABLE + ', variant'),
    (lambda x: tf.argmax(x), 'string', (None, 4), 'input',
     'float32, float64, int32, uint8, int16, int8, int64, bfloat16, uint16, float16, uint32, uint64, qint8, quint8, '
     'qint32, qint16, quint16, bool'),
    (lambda x: tf.math.nextafter(x, x), 'int32', (None, 4), 'x1', 'float64, float32'),
    (lambda x: tf.nn.local_response_normalization(x), 'float64', (1, 2, 2, 4), 'input', 'float16, bfloat16, float32'),
    (tf.image.rgb_to_hsv, 'int32', (2, 3), 'images', 'float16, bfloat16, float32, float64'),
    (tf.math.invert_permutation, 'float32', (4,), 'x', 'int32, int64'),
    (tf.math.invert_permutation, 'int16', (4,), 'x', 'int32, int64'),
    (tf.math.cumulative_logsumexp, 'complex64', (4,), 'x', _FLOATS),
    (lambda x: keras.ops.argmax(x), 'string', (None, 4), 'input',
     'float32, float64, int32, uint8, int16, int8, int64, bfloat16, uint16, float16, uint32, uint64, qint8, quint8, '
     'qint32, qint16, quint16, bool'),
])
def test_traced_op_refuses_dtype_in_graph_words(fn, dtype, shape, parameter, allowed):
    error = _caught(fn, dtype, shape)
    assert type(error) is TypeError
    assert str(error) == "Value passed to parameter '%s' has DataType %s not in list of allowed values: %s" % (
        parameter, dtype, allowed)


def test_index_attribute_names_its_input():
    # TF 2.21: "Value passed to parameter 'segment_ids' has DataType float32 not in list of allowed values: int32,
    # int64" (tf.math.segment_sum with float ids in a tf.function)
    @tf.function
    def f(x):
        return tf.math.segment_sum(x, tf.constant([0., 0., 1.]))
    with pytest.raises(TypeError) as caught:
        f(tf.constant([1., 2., 3.]))
    assert str(caught.value).endswith(
        "TypeError: Value passed to parameter 'segment_ids' has DataType float32 not in list of allowed values: "
        "int32, int64\n")


def test_uncaught_error_is_tf_functions_user_code_error():
    # TF 2.21: TypeError 'in user code:\n\n    File ..., line ..., in g  *\n        return tf.sqrt(x)\n\n
    # TypeError: Value passed to parameter 'x' has DataType int32 not in list of allowed values: ...\n'
    @tf.function
    def g(x):
        return tf.sqrt(x)
    with pytest.raises(TypeError) as caught:
        g(tf.constant([1, 2]))
    text = str(caught.value)
    assert text.startswith('in user code:\n\n')
    assert text.endswith("    TypeError: Value passed to parameter 'x' has DataType int32 not in list of allowed "
                         "values: bfloat16, float16, float32, float64, complex64, complex128\n")


def test_get_concrete_function_raises_it():
    # TF 2.21: h.get_concrete_function() raises the TypeError for det of an int32 TensorSpec
    @tf.function(input_signature=[tf.TensorSpec((3, 3), tf.int32)])
    def h(x):
        return tf.linalg.det(x)
    with pytest.raises(TypeError, match="Value passed to parameter 'input' has DataType int32 not in list"):
        h.get_concrete_function()


def test_dataset_map_and_keras_predict():
    # TF 2.21: the map's trace raises "Value passed to parameter 'x' has DataType int32 not in list of allowed
    # values: bfloat16, float16, float32, float64, complex64, complex128"; predict's Lambda layer its own
    # wrapping of "... DataType int32 not in list of allowed values: bfloat16, float16, float32, float64"
    with pytest.raises(TypeError, match="^Value passed to parameter 'x' has DataType int32 not in list of allowed "
                                        "values: bfloat16, float16, float32, float64, complex64, complex128"):
        list(tf.data.Dataset.from_tensor_slices([1, 2]).map(tf.sqrt))      # (TF raises at map, tapeflow here)
    model = keras.Sequential([keras.Input((2,), dtype='int32'), keras.layers.Lambda(lambda x: tf.math.lgamma(x))])
    with pytest.raises(TypeError, match="Value passed to parameter 'x' has DataType int32 not in list of allowed "
                                        "values: bfloat16, float16, float32, float64"):
        model.predict(np.ones((2, 2), 'int32'), verbose=0)


def test_eager_keeps_the_registry_words():
    # TF 2.21 eagerly: InvalidArgumentError "Value for attr 'T' of int32 is not in the list of allowed values:
    # bfloat16, half, float, double, complex64, complex128\n\t; NodeDef: {{node Sqrt}}; ..."
    with pytest.raises(tf.errors.InvalidArgumentError, match="^Value for attr 'T' of int32 is not in the list"):
        tf.sqrt(tf.constant([1]))


def test_float16_determinant_builds_and_fails_at_run():
    # TF 2.21 (det16_tf.out): the trace prints Tensor("MatrixDeterminant:0", shape=(2,), dtype=float16) (the op
    # allows half; no CPU kernel computes it), 'dd:0' with name='dd', and the call raises InvalidArgumentError "No
    # OpKernel was registered to support Op 'MatrixDeterminant' used by {{node MatrixDeterminant}} with these attrs:
    # [T=DT_HALF]\nRegistered devices: [CPU]\nRegistered kernels:\n  device='CPU'; T in [DT_COMPLEX128]\n ...
    # \n\n\t [[MatrixDeterminant]] [Op:__inference_f_9]" (tapeflow leaves out the uid); slogdet likewise
    texts = []

    @tf.function
    def f(x):
        texts.extend([str(tf.linalg.det(x)), str(tf.linalg.det(x, name='dd'))])
        return tf.linalg.det(x)
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        f(tf.ones([2, 3, 3], tf.float16))
    assert texts == ['Tensor("MatrixDeterminant:0", shape=(2,), dtype=float16)', 'Tensor("dd:0", shape=(2,), dtype=float16)']
    assert str(caught.value).startswith(
        "No OpKernel was registered to support Op 'MatrixDeterminant' used by {{node MatrixDeterminant}} with these "
        "attrs: [T=DT_HALF]\nRegistered devices: [CPU]\nRegistered kernels:\n  device='CPU'; T in [DT_COMPLEX128]\n"
        "  device='CPU'; T in [DT_COMPLEX64]\n  device='CPU'; T in [DT_DOUBLE]\n  device='CPU'; T in [DT_FLOAT]\n\n"
        "\t [[MatrixDeterminant]] [Op:__inference_f")

    @tf.function(input_signature=[tf.TensorSpec((None, 3, 3), tf.float16)])
    def g(x):
        texts.append(str(tf.linalg.slogdet(x)))
        return x
    g.get_concrete_function()
    assert texts[-1] == ("LogMatrixDeterminant(sign=<tf.Tensor 'LogMatrixDeterminant:0' shape=(None,) dtype=float16>, "
                         "log_abs_determinant=<tf.Tensor 'LogMatrixDeterminant:1' shape=(None,) dtype=float16>)")


def test_float16_determinant_eagerly_not_found():
    # TF 2.21 eagerly: NotFoundError 'Could not find device for node: {{node MatrixDeterminant}} = ...'
    with pytest.raises(tf.errors.NotFoundError, match='Could not find device for node: {{node MatrixDeterminant}}'):
        tf.linalg.det(tf.ones((3, 3), tf.float16))
