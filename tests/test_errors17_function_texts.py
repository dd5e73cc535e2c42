"""tf.function(input_signature=...) called with arguments that do not fit, and tf.TensorSpec given a bad
shape or dtype, raise TensorFlow 2.21's TypeError and words.

Each text was printed by TF 2.21 (/opt/tfref) running the same call (/work/notes/progs/errors17, probe
e17_fn.py); the binding error quotes the reason TF's TraceType cast gives and the signature as TF prints it
(Dict[['a', ...]], a *args signature as positional-only a_0, a_1, /).
"""
import numpy as np
import pytest

import framework as tf

S = tf.TensorSpec


def _first_of_args(*a):
    return a[0]


BINDING_CASES = [
    (lambda x: x['a'], [{'a': S([], tf.float32)}], ({'b': tf.constant(1.0)},),
     "Binding inputs to tf.function failed due to `{'b': <tf.Tensor: shape=(), dtype=float32, numpy=1.0>} "
     "has different keys with the TraceType Dict[['a', TensorSpec(shape=(), dtype=tf.float32, "
     "name=None)]].`. Received args: ({'b': <tf.Tensor: shape=(), dtype=float32, numpy=1.0>},) and "
     "kwargs: {} for signature: (x: Dict[['a', TensorSpec(shape=(), dtype=tf.float32, name=None)]])."),
    (lambda x: x['a'], [{'a': S([], tf.float32)}], (5,),
     'Binding inputs to tf.function failed due to `Can not cast 5 to a Dict type.`. Received args: (5,) '
     "and kwargs: {} for signature: (x: Dict[['a', TensorSpec(shape=(), dtype=tf.float32, name=None)]])."),
    (lambda x: x['a'], [{'a': S([], tf.float32), 'b': S([], tf.float32)}], ({'a': tf.constant(1.0)},),
     "Binding inputs to tf.function failed due to `{'a': <tf.Tensor: shape=(), dtype=float32, numpy=1.0>} "
     "has different keys with the TraceType Dict[['a', TensorSpec(shape=(), dtype=tf.float32, "
     "name=None)], ['b', TensorSpec(shape=(), dtype=tf.float32, name=None)]].`. Received args: ({'a': "
     "<tf.Tensor: shape=(), dtype=float32, numpy=1.0>},) and kwargs: {} for signature: (x: Dict[['a', "
     "TensorSpec(shape=(), dtype=tf.float32, name=None)], ['b', TensorSpec(shape=(), dtype=tf.float32, "
     'name=None)]]).'),
    (lambda x: x[0], [(S([], tf.float32),) * 2], ((tf.constant(1.0),),),
     'Binding inputs to tf.function failed due to `Expected (<tf.Tensor: shape=(), dtype=float32, '
     'numpy=1.0>,) to have length of 2`. Received args: ((<tf.Tensor: shape=(), dtype=float32, '
     'numpy=1.0>,),) and kwargs: {} for signature: (x: Tuple[TensorSpec(shape=(), dtype=tf.float32, '
     'name=None), TensorSpec(shape=(), dtype=tf.float32, name=None)]).'),
    (lambda x: x[0], [(S([], tf.float32),) * 2], (5,),
     'Binding inputs to tf.function failed due to `Can not cast 5 to tuple type.`. Received args: (5,) '
     'and kwargs: {} for signature: (x: Tuple[TensorSpec(shape=(), dtype=tf.float32, name=None), '
     'TensorSpec(shape=(), dtype=tf.float32, name=None)]).'),
    (lambda x: x[0], [[S([], tf.float32)] * 2], ([tf.constant(1.0)],),
     "Binding inputs to tf.function failed due to `object of type 'Tuple' has no len()`. Received args: "
     '([<tf.Tensor: shape=(), dtype=float32, numpy=1.0>],) and kwargs: {} for signature: (x: '
     'List[TensorSpec(shape=(), dtype=tf.float32, name=None), TensorSpec(shape=(), dtype=tf.float32, '
     'name=None)]).'),
    (lambda x: x[0], [(S([], tf.float32),) * 2], ([tf.constant(1.0), tf.constant(2.0)],),
     'Binding inputs to tf.function failed due to `Can not cast [<tf.Tensor: shape=(), dtype=float32, '
     'numpy=1.0>, <tf.Tensor: shape=(), dtype=float32, numpy=2.0>] to tuple type.`. Received args: '
     '([<tf.Tensor: shape=(), dtype=float32, numpy=1.0>, <tf.Tensor: shape=(), dtype=float32, '
     'numpy=2.0>],) and kwargs: {} for signature: (x: Tuple[TensorSpec(shape=(), dtype=tf.float32, '
     'name=None), TensorSpec(shape=(), dtype=tf.float32, name=None)]).'),
    (lambda x: x, [S([None], tf.float32)], ('a',),
     "Binding inputs to tf.function failed due to `Cannot convert 'a' to EagerTensor of dtype float`. "
     "Received args: ('a',) and kwargs: {} for signature: (x: TensorSpec(shape=(None,), dtype=tf.float32, "
     'name=None)).'),
    (lambda x: x, [S([None], tf.float64)], ('a',),
     "Binding inputs to tf.function failed due to `Cannot convert 'a' to EagerTensor of dtype double`. "
     "Received args: ('a',) and kwargs: {} for signature: (x: TensorSpec(shape=(None,), dtype=tf.float64, "
     'name=None)).'),
    (lambda x: x, [S([None], tf.int32)], ('a',),
     "Binding inputs to tf.function failed due to `Cannot convert 'a' to EagerTensor of dtype int32`. "
     "Received args: ('a',) and kwargs: {} for signature: (x: TensorSpec(shape=(None,), dtype=tf.int32, "
     'name=None)).'),
    (lambda x: x, [S([None], tf.float16)], ('a',),
     "Binding inputs to tf.function failed due to `Cannot convert 'a' to EagerTensor of dtype half`. "
     "Received args: ('a',) and kwargs: {} for signature: (x: TensorSpec(shape=(None,), dtype=tf.float16, "
     'name=None)).'),
    (lambda x: x, [S([None], tf.bool)], ('a',),
     "Binding inputs to tf.function failed due to `Cannot convert 'a' to EagerTensor of dtype bool`. "
     "Received args: ('a',) and kwargs: {} for signature: (x: TensorSpec(shape=(None,), dtype=tf.bool, "
     'name=None)).'),
    (_first_of_args, [S([], tf.float32)], (tf.constant(1.0), tf.constant(2.0)),
     'Binding inputs to tf.function failed due to `too many positional arguments`. Received args: '
     '(<tf.Tensor: shape=(), dtype=float32, numpy=1.0>, <tf.Tensor: shape=(), dtype=float32, numpy=2.0>) '
     'and kwargs: {} for signature: (a_0: TensorSpec(shape=(), dtype=tf.float32, name=None), /).'),
    (_first_of_args, [S([], tf.float32), S([], tf.float32)], (tf.constant(1.0),),
     "Binding inputs to tf.function failed due to `missing a required argument: 'a_1'`. Received args: "
     '(<tf.Tensor: shape=(), dtype=float32, numpy=1.0>,) and kwargs: {} for signature: (a_0: '
     'TensorSpec(shape=(), dtype=tf.float32, name=None), a_1: TensorSpec(shape=(), dtype=tf.float32, '
     'name=None), /).'),
]


@pytest.mark.parametrize('function, signature, args, text', BINDING_CASES)
def test_binding_errors_are_tensorflows(function, signature, args, text):
    f = tf.function(function, input_signature=signature)
    with pytest.raises(TypeError) as caught:
        f(*args)
    assert caught.value.args[0] == text


SHAPE_TEXT = ("Failed to convert '%r' to a shape: '%r'could not be converted to a dimension. A shape should either be "
              'single dimension (e.g. 10), or an iterable of dimensions (e.g. [1, 10, None]).')


@pytest.mark.parametrize('make, text', [
    (lambda: S('a'), SHAPE_TEXT % ('a', 'a')),
    (lambda: S('ab'), SHAPE_TEXT % ('ab', 'a')),
    (lambda: S(2.5), "Dimension value must be integer or None or have an __index__ method, got value '2.5' with type "
                     "'<class 'float'>'"),
    (lambda: S(['a']), "Dimension value must be integer or None or have an __index__ method, got value ''a'' with "
                       "type '<class 'str'>'"),
    (lambda: S([2], 'foo'), "Cannot convert the argument `type_value`: 'foo' to a TensorFlow DType."),
    # the same reading of a shape in tf.TensorShape, tf.constant(shape=) and tf.Variable(shape=)
    (lambda: tf.TensorShape('ab'), SHAPE_TEXT % ('ab', 'a')),
    (lambda: tf.TensorShape(2.5), "Dimension value must be integer or None or have an __index__ method, got value "
                                  "'2.5' with type '<class 'float'>'"),
    (lambda: tf.TensorShape(np.array([True])), SHAPE_TEXT % (np.array([True]), np.True_)),
    (lambda: tf.constant(1, shape='a'), SHAPE_TEXT % ('a', 'a')),
    (lambda: tf.Variable(1.0, shape='a'), SHAPE_TEXT % ('a', 'a')),
])
def test_tensor_spec_refuses_in_tensorflows_words(make, text):
    with pytest.raises(TypeError) as caught:
        make()
    assert caught.value.args[0] == text


def test_what_tensorflow_takes():
    """TF 2.21: a dict is iterated by its keys (TensorSpec({1: 2}) has shape (1,)), an array or range by its
    items; a list for a List spec binds."""
    assert tuple(S({1: 2}).shape) == (1,)
    assert tuple(tf.TensorShape(np.array([2, 3]))) == (2, 3) and tuple(tf.TensorShape(range(2))) == (0, 1)
    f = tf.function(lambda x: x[0] + x[1], input_signature=[[S([], tf.float32)] * 2])
    assert float(f([tf.constant(1.0), tf.constant(2.0)])) == 3.0
