"""Operands of mixed dtypes inside a traced function raise TensorFlow's op-construction TypeError
(framework/ops/graph_input_errors.py); eagerly, the kernel's InvalidArgumentError. Every text below
was printed by TF 2.21 for the same call (eager, inside tf.function, in a Keras fit step):
/work/notes/progs/me16/gm.py and fitg.py run with /opt/tfref."""
import numpy as np
import pytest

import framework as tf
from framework import keras

A = tf.constant([1.0, 2.0])
B = tf.constant([1, 2])
C = tf.constant([1.0, 2.0], tf.float64)
M32, M64 = tf.ones([2, 2]), tf.ones([2, 2], tf.float64)

GRAPH_TEXTS = [
    (lambda: A + B, "Input 'y' of 'AddV2' Op has type int32 that does not match type float32 of argument 'x'."),
    (lambda: C + A, "Input 'y' of 'AddV2' Op has type float32 that does not match type float64 of argument 'x'."),
    (lambda: A - C, "Input 'y' of 'Sub' Op has type float64 that does not match type float32 of argument 'x'."),
    (lambda: tf.pow(A, C), "Input 'y' of 'Pow' Op has type float64 that does not match type float32 of argument 'x'."),
    (lambda: tf.math.atan2(A, C),
     "Input 'x' of 'Atan2' Op has type float64 that does not match type float32 of argument 'y'."),
    (lambda: A <= B, "Input 'y' of 'LessEqual' Op has type int32 that does not match type float32 of argument 'x'."),
    (lambda: A == C, "Input 'y' of 'Equal' Op has type float64 that does not match type float32 of argument 'x'."),
    (lambda: tf.where([True, False], A, C),
     "Input 'e' of 'SelectV2' Op has type float64 that does not match type float32 of argument 't'."),
    (lambda: tf.matmul(M32, M64), "Input 'b' of 'MatMul' Op has type float64 that does not match type float32 of "
                                  "argument 'a'."),
    (lambda: tf.matmul(tf.ones([2, 2, 2], tf.float64), M32),
     "Input 'y' of 'BatchMatMulV2' Op has type float32 that does not match type float64 of argument 'x'."),
    (lambda: tf.concat([A, C], 0),
     "Tensors in list passed to 'values' of 'ConcatV2' Op have types [float32, float64] that don't all match."),
    (lambda: tf.stack([A, C]),
     "Tensors in list passed to 'values' of 'Pack' Op have types [float32, float64] that don't all match."),
    (lambda: tf.add_n([A, C]),
     "Tensors in list passed to 'inputs' of 'AddN' Op have types [float32, float64] that don't all match."),
    (lambda: tf.einsum('ij,jk->ik', M32, M64),
     "Tensors in list passed to 'inputs' of 'Einsum' Op have types [float32, float64] that don't all match."),
    (lambda: tf.nn.bias_add(M32, C),
     "Input 'bias' of 'BiasAdd' Op has type float64 that does not match type float32 of argument 'value'."),
    (lambda: tf.logical_and(tf.constant([True]), tf.constant([1])),
     "Input 'y' of 'LogicalAnd' Op has type int32 that does not match expected type of bool."),
]


@pytest.mark.parametrize('compute, text', GRAPH_TEXTS)
def test_a_traced_function_raises_op_construction_type_errors_as_tf(compute, text):
    @tf.autograph.experimental.do_not_convert      # TF 2.21 runs such lambdas unconverted: no 'in user code'
    def run():
        return compute()
    with pytest.raises(TypeError) as caught:
        tf.function(run)()
    assert str(caught.value).rstrip('\n').endswith(text)
    assert caught.value.__notes__        # tapeflow's explanation stays as a note


def test_a_converted_function_wraps_the_type_error_in_user_code_as_tf():
    @tf.function
    def f():
        return A + B
    with pytest.raises(TypeError) as caught:
        f()
    lines = str(caught.value).split('\n')
    assert lines[:2] == ['in user code:', ''] and lines[3] == '        return A + B'
    assert lines[5] == ("    TypeError: Input 'y' of 'AddV2' Op has type int32 that does not match type float32 of "
                        "argument 'x'.")


EAGER_TEXTS = [
    (lambda: A + B, 'cannot compute AddV2 as input #1(zero-based) was expected to be a float tensor but is a int32 '
                    'tensor [Op:AddV2] name: '),
    (lambda: tf.einsum('ij,jk->ik', M32, M64), 'cannot compute _MklEinsum as input #1(zero-based) was expected to '
                                               'be a float tensor but is a double tensor [Op:Einsum] name: '),
    (lambda: tf.nn.bias_add(M32, C), 'cannot compute BiasAdd as input #1(zero-based) was expected to be a float '
                                     'tensor but is a double tensor [Op:BiasAdd] name: '),
    (lambda: tf.concat([A, C], 0), 'cannot compute ConcatV2 as input #1(zero-based) was expected to be a float '
                                   'tensor but is a double tensor [Op:ConcatV2] name: concat'),
]


@pytest.mark.usefixtures('onednn_on')
@pytest.mark.parametrize('compute, text', EAGER_TEXTS)
def test_eagerly_the_kernel_refuses_with_invalid_argument_as_tf(compute, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        compute()
    assert str(caught.value) == text


def test_init_scope_inside_a_function_runs_eagerly_and_keeps_the_kernel_error():
    @tf.function
    def f():
        with tf.init_scope():
            return A + B
    with pytest.raises(tf.errors.InvalidArgumentError):
        f()


def test_a_keras_fit_step_raises_the_graph_type_error_and_run_eagerly_the_kernel_error():
    def loss(y, p):
        return tf.reduce_mean(y - tf.cast(p, tf.float64))
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    x, y = np.zeros((4, 2)), np.zeros((4, 1))
    model.compile('sgd', loss)
    with pytest.raises(TypeError) as caught:
        model.fit(x, y, verbose=0)
    assert str(caught.value) == "Input 'y' of 'Sub' Op has type float64 that does not match type float32 of argument 'x'."
    model.compile('sgd', loss, run_eagerly=True)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'cannot compute Sub as input #1\(zero-based\)'):
        model.fit(x, y, verbose=0)
    tf.random.set_seed(None)


def test_tf_add_of_a_python_number_and_a_tensor_of_another_dtype_in_a_function():
    @tf.function
    def f():
        return tf.add(1, tf.constant(2.0))
    with pytest.raises(TypeError) as caught:     # TF 2.21 (/work/notes/progs/me16/padd.py)
        f()
    assert str(caught.value).rstrip('\n').endswith(
        "TypeError: Input 'y' of 'AddV2' Op has type float32 that does not match type int32 of argument 'x'.")
