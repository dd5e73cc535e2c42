"""A concrete function's parameters have no defaults: TF 2.21 binds a call without the Python default nor
the literal it was traced with, and where that fails falls back to the graph's flat tensor inputs. So a
tensor for the traced tensor alone runs, but a Python value or array there is the binding TypeError.

Printed by TF 2.21 (/work/notes/progs/autograph9/p7.py, p7b.py):

    @tf.function
    def power(a, b):
        return a ** b
    square = power.get_concrete_function(a=tf.TensorSpec(None, tf.float32), b=2)
    square(tf.constant(10.0))   # tf.Tensor(100.0, shape=(), dtype=float32)
    square(10.0)                # TypeError: Binding inputs to tf.function failed due to `missing a required
                                # argument: 'b'`. Received args: (10.0,) and kwargs: {} for signature: (a:
                                # TensorSpec(shape=<unknown>, dtype=tf.float32, name=None), b: Literal[2]) ->
                                # TensorSpec(shape=<unknown>, dtype=tf.float32, name=None).
                                # Fallback to flat signature also failed due to: power(a): expected argument
                                # #0(zero-based) to be a Tensor; got float (10.0).
    square(10.0, 2)             # tf.Tensor(100.0, shape=(), dtype=float32)
"""
import numpy as np
import pytest

import framework as tf

SQUARE_SIGNATURE = ("for signature: (a: TensorSpec(shape=<unknown>, dtype=tf.float32, name=None), b: Literal[2]) -> "
                    "TensorSpec(shape=<unknown>, dtype=tf.float32, name=None).\n")


def _square():
    @tf.function
    def power(a, b):
        return a ** b
    return power.get_concrete_function(a=tf.TensorSpec(None, tf.float32), b=2)


def test_a_python_value_for_the_tensor_alone_is_refused():
    square = _square()
    with pytest.raises(TypeError) as caught:
        square(10.0)
    assert str(caught.value) == (
        "Binding inputs to tf.function failed due to `missing a required argument: 'b'`. Received args: (10.0,) "
        "and kwargs: {} " + SQUARE_SIGNATURE + "Fallback to flat signature also failed due to: power(a): expected "
        "argument #0(zero-based) to be a Tensor; got float (10.0).")
    with pytest.raises(TypeError) as caught:
        square(a=10.0)
    assert str(caught.value).startswith("Binding inputs to tf.function failed due to `missing a required argument: "
                                        "'b'`. Received args: () and kwargs: {'a': 10.0} ")


def test_a_tensor_alone_or_every_argument_runs():
    square = _square()
    assert float(square(tf.constant(10.0))) == 100.0      # TF 2.21: 100.0 (the flat signature)
    assert float(square(10.0, 2)) == 100.0
    assert float(square(a=10.0, b=2)) == 100.0


def test_a_python_default_is_not_filled_in_either():
    @tf.function
    def scale(x, y=2.0):
        return x * y
    literal = scale.get_concrete_function(tf.TensorSpec([None], tf.float32))
    with pytest.raises(TypeError) as caught:
        literal(np.array([1.0, 2.0], 'float32'))
    assert str(caught.value).endswith("Fallback to flat signature also failed due to: scale(x): expected argument "
                                      "#0(zero-based) to be a Tensor; got ndarray ([1. 2.]).")
    assert literal([1.0, 2.0], 2.0).numpy().tolist() == [2.0, 4.0]        # TF 2.21: [2. 4.]
    tensors = scale.get_concrete_function(tf.constant(1.0), tf.constant(3.0))
    with pytest.raises(TypeError) as caught:
        tensors(tf.constant(2.0))       # (tapeflow used y's Python default: 4.0)
    assert str(caught.value).endswith("Fallback to flat signature also failed due to: scale(x, y) missing required "
                                      "arguments: y.")
    assert float(tensors(tf.constant(2.0), 3.0)) == 6.0       # TF 2.21: 6.0


def test_keyword_only_literal_and_named_spec():
    # TF 2.21 (p7c.py): cf(tensor) runs by the flat signature kw(inp); a list is refused naming the spec 'inp'
    @tf.function
    def kw(x, *, scale=2):
        return x * scale
    cf = kw.get_concrete_function(tf.TensorSpec([None], tf.float32, name='inp'))
    assert cf(tf.constant([1.0])).numpy().tolist() == [2.0]
    assert cf(inp=tf.constant([1.0])).numpy().tolist() == [2.0]
    assert cf([1.0], scale=2).numpy().tolist() == [2.0]
    with pytest.raises(TypeError) as caught:
        cf([1.0])
    assert str(caught.value) == (
        "Binding inputs to tf.function failed due to `missing a required argument: 'scale'`. Received args: ([1.0],) "
        "and kwargs: {} for signature: (x: TensorSpec(shape=(None,), dtype=tf.float32, name='inp'), *, scale: "
        "Literal[2]) -> TensorSpec(shape=(None,), dtype=tf.float32, name=None).\nFallback to flat signature also "
        "failed due to: kw(inp): expected argument #0(zero-based) to be a Tensor; got list ([1.0]).")
    with pytest.raises(TypeError) as caught:
        cf(tf.constant([1.0]), scale=3)
    assert str(caught.value).startswith(
        "Binding inputs to tf.function failed due to `Can not cast 3 to Literal[2]`. Received args: (<tf.Tensor: "
        "shape=(1,), dtype=float32, numpy=array([1.], dtype=float32)>,) and kwargs: {'scale': 3} for signature: (x: "
        "TensorSpec(shape=(None,), dtype=tf.float32, name='inp'), *, scale: Literal[2]) -> ")


def test_variadic_parameters_as_the_trace_spread_them():
    # TF 2.21 (p7c.py, p7d.py): args_0, args_1, then z; a missing z named; the flat call runs
    @tf.function
    def va(*args, **kw):
        return args[0] * args[1]
    cf = va.get_concrete_function(tf.constant(3), 4, z=tf.constant(1.0))
    assert [t.name for t in cf.inputs] == ['args_0:0', 'z:0']
    assert int(cf(tf.constant(3), 4, z=tf.constant(1.0))) == 12
    assert int(cf(tf.constant(3), tf.constant(1.0))) == 12      # by the flat signature va(args_0, z)
    with pytest.raises(TypeError) as caught:
        cf(tf.constant(3), 4)
    assert str(caught.value).startswith("Binding inputs to tf.function failed due to `missing a required argument: "
                                        "'z'`. Received args: (<tf.Tensor: shape=(), dtype=int32, numpy=3>, 4) and "
                                        "kwargs: {} for signature: (args_0: TensorSpec(shape=(), dtype=tf.int32, "
                                        "name=None), args_1: Literal[4], /, *, z: TensorSpec(shape=(), "
                                        "dtype=tf.float32, name=None)) -> ")
    assert str(caught.value).endswith("Fallback to flat signature also failed due to: va(args_0, z): expected "
                                      "argument #1(zero-based) to be a Tensor; got int (4).")
