"""Bad input that Keras programs meet most often raises TensorFlow 2.21 / Keras 3.15's exception class and words.

Each expected (class, text) pair was printed by TF 2.21 + Keras 3.15 (/opt/tfref) running the same call
(the errors16 / errors17 fuzzers, /work/notes/progs/errors17); tapeflow may add a PEP 678 note, so the
first argument is compared, not str() with notes. '\x1b[1m' ... '\x1b[0m' is Keras's bold call banner.
"""
import numpy as np
import pytest

from framework import keras

layers = keras.layers


def _banner(layer, message, received):
    return ('Exception encountered when calling %s.call().\n\n\x1b[1m%s\x1b[0m\n\nArguments received by %s.call():\n'
            '  \u2022 %s' % (layer, message, layer, received))


_SYMBOLIC_6 = ("args=('<KerasTensor shape=(None, 6), dtype=float32, sparse=False, ragged=False, name=keras_tensor>',)"
               "\n  \u2022 kwargs=<class 'inspect._empty'>")
_EAGER_2_3 = 'inputs=tf.Tensor(shape=(2, 3), dtype=float32)'

CASES = [
    # Reshape: Keras resolves the target against the input before any reshape op runs
    (lambda: layers.Reshape((4,))(np.ones((2, 3), 'float32')), ValueError,
     _banner('Reshape', 'The total size of the tensor must be unchanged. Received: input_shape=(3,), '
             'target_shape=(4,)', _EAGER_2_3)),
    (lambda: layers.Reshape((0, 3))(np.ones((2, 3), 'float32')), ValueError,
     _banner('Reshape', 'The total size of the tensor must be unchanged. Received: input_shape=(3,), '
             'target_shape=(0, 3)', _EAGER_2_3)),
    (lambda: layers.Reshape((-1, -1)), ValueError,
     'There must be at most one unknown dimension (-1) in `target_shape`. Received: target_shape=(-1, -1).'),
    (lambda: layers.Reshape((2, -3)), ValueError,
     'Each dimension in `target_shape` must be a non-negative integer, or `-1` for a single unknown dimension. '
     'Received: target_shape=(2, -3).'),
    (lambda: layers.Reshape(3), TypeError, "'int' object is not iterable"),
    (lambda: layers.Reshape('abc')(np.ones((2, 3), 'float32')), ValueError,
     _banner('Reshape', 'There must be at most one unknown dimension (-1) in `newshape`. Received: '
             'newshape=(2, -1, -1, -1).', _EAGER_2_3)),
    (lambda: keras.Sequential([keras.Input((6,)), layers.Reshape((4,))]), ValueError,
     _banner('Reshape', 'The total size of the tensor must be unchanged. Received: input_shape=(6,), '
             'target_shape=(4,)', _SYMBOLIC_6)),
    (lambda: keras.Sequential([keras.Input((6,)), layers.Reshape((-1, 4))]), ValueError,
     _banner('Reshape', 'The total size of the tensor must be unchanged, however, the input size cannot by '
             'divided by the specified dimensions in target_shape. Received: input_shape=(6,), '
             'target_shape=(-1, 4)', _SYMBOLIC_6)),
]


_X = np.ones((4, 3), 'float32')
_Y = np.ones((4, 1), 'float32')


def _compiled():
    model = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
    model.compile('sgd', 'mse')
    return model


_X_TEXT = "Unrecognized data type: x=%s (of type <class 'numpy.ndarray'>)" % (_X,)

CASES += [
    # constructor arguments
    (lambda: layers.Dense(2, foo=1), ValueError, "Unrecognized keyword arguments passed to Dense: {'foo': 1}"),
    (lambda: layers.Dense(2, name=3), ValueError,
     "Argument `name` must be a string and cannot contain character `/`. Received: name=3 (of type <class 'int'>)"),
    (lambda: layers.Dense(2, name='a/b'), ValueError,
     "Argument `name` must be a string and cannot contain character `/`. Received: name=a/b (of type <class 'str'>)"),
    (lambda: keras.optimizers.Adam(foo=1), ValueError, "Argument(s) not recognized: {'foo': 1}"),
    (lambda: keras.optimizers.Adam.from_config({'foo': 1}), ValueError, "Argument(s) not recognized: {'foo': 1}"),
    (lambda: keras.optimizers.SGD(momentum=-1), ValueError, '`momentum` must be a float between [0, 1].'),
    (lambda: keras.optimizers.SGD(momentum=2), ValueError, '`momentum` must be a float between [0, 1].'),
    (lambda: keras.optimizers.SGD(momentum='a'), ValueError, '`momentum` must be a float between [0, 1].'),
    (lambda: keras.optimizers.SGD(momentum=0), ValueError, '`momentum` must be a float between [0, 1].'),
    # fit / evaluate / predict arguments
    (lambda: _compiled().fit(_X, _Y, callbacks=5, verbose=0), AttributeError, "'int' object has no attribute 'set_model'"),
    (lambda: _compiled().fit(_X, _Y, callbacks=[5], verbose=0), AttributeError,
     "'int' object has no attribute 'set_model'"),
    (lambda: _compiled().evaluate(_X, _Y, callbacks=[5], verbose=0), AttributeError,
     "'int' object has no attribute 'set_model'"),
    (lambda: _compiled().fit(_X, _Y, epochs=1.5, verbose=0), TypeError, "'float' object cannot be interpreted as an integer"),
    (lambda: _compiled().fit(_X, _Y, epochs='a', verbose=0), TypeError, "'str' object cannot be interpreted as an integer"),
    (lambda: _compiled().fit(_X, _Y, epochs=np.float64(1.5), verbose=0), TypeError,
     "'numpy.float64' object cannot be interpreted as an integer"),
    (lambda: _compiled().fit(_X, _Y, initial_epoch=0.5, verbose=0), TypeError,
     "'float' object cannot be interpreted as an integer"),
    (lambda: _compiled().fit(_X, _Y, epochs=None, verbose=0), TypeError,
     "'NoneType' object cannot be interpreted as an integer"),
    (lambda: _compiled().fit(5, _Y, verbose=0), ValueError, "Unrecognized data type: x=5 (of type <class 'int'>)"),
    (lambda: _compiled().fit(_X, _Y, validation_data=5, verbose=0), ValueError,
     "Unrecognized data type: x=5 (of type <class 'int'>)"),
    (lambda: _compiled().evaluate(5, _Y, verbose=0), ValueError, "Unrecognized data type: x=5 (of type <class 'int'>)"),
    (lambda: _compiled().predict(5, verbose=0), ValueError, "Unrecognized data type: x=5 (of type <class 'int'>)"),
    # a scalar y or sample_weight: Keras's array adapter names x
    (lambda: _compiled().fit(_X, 5, verbose=0), ValueError, _X_TEXT),
    (lambda: _compiled().fit(_X, _Y, sample_weight=5, verbose=0), ValueError, _X_TEXT),
    (lambda: _compiled().fit(_X, _Y, validation_data=(_X, 5), verbose=0), ValueError, _X_TEXT),
]



def _saved_then_loaded_with(tmp_name, **kwargs):
    import os
    import tempfile
    path = os.path.join(tempfile.mkdtemp(), tmp_name)
    _compiled().save(path)
    keras.models.load_model(path, **kwargs)


CASES += [
    # save / load / callbacks
    (lambda: keras.models.load_model(None), TypeError,
     'stat: path should be string, bytes, os.PathLike or integer, not NoneType'),
    (lambda: _compiled().load_weights(None), TypeError,
     'stat: path should be string, bytes, os.PathLike or integer, not NoneType'),
    (lambda: _compiled().load_weights(5), ValueError,
     'File format not supported: filepath=5. Keras 3 only supports V3 `.keras` files, `.weights.h5` files, legacy H5 '
     'format files (`.h5` extension), or Orbax checkpoints.'),
    (lambda: _saved_then_loaded_with('lco.keras', custom_objects=5), TypeError, "'int' object is not a mapping"),
    (lambda: keras.callbacks.ModelCheckpoint(5), AttributeError, "'int' object has no attribute 'endswith'"),
    (lambda: _compiled().fit(_X, _Y, epochs=2, callbacks=[keras.callbacks.EarlyStopping(monitor=None)], verbose=0),
     AttributeError, "'NoneType' object has no attribute 'removeprefix'"),
    (lambda: _compiled().fit(_X, _Y, epochs=2, callbacks=[keras.callbacks.ReduceLROnPlateau(monitor=None)],
                             verbose=0),
     AttributeError, "'NoneType' object has no attribute 'removeprefix'"),
]


def _model():
    return keras.Sequential([keras.Input((3,)), layers.Dense(1)])


CASES += [
    # compile / set_weights / Input / Sequential / a layer called without inputs
    (lambda: _model().compile('sgd', 'mse', loss_weights='a'), ValueError,
     'Expected `loss_weights` argument to be a float (single output case) or a list, tuple, or dict (multiple output '
     "case). Received instead: loss_weights=a of type <class 'str'>"),
    # (TF 2.21 raises it at fit, from its loop's range(); tapeflow at compile already)
    (lambda: [m.compile('sgd', 'mse', steps_per_execution=0) or m.fit(_X, _Y, verbose=0) for m in [_model()]],
     ValueError, 'range() arg 3 must not be zero'),
    (lambda: layers.MultiHeadAttention(2, 2)(), TypeError, "missing a required argument: 'query'"),
    (lambda: _compiled().set_weights(None), TypeError, "object of type 'NoneType' has no len()"),
    (lambda: keras.Input(tensor=5), ValueError,
     "Argument `input_tensor` must be a KerasTensor. Received invalid type: input_tensor=5 (of type <class 'int'>)"),
    (lambda: keras.Sequential().pop(), IndexError, 'list index out of range'),
    (lambda: layers.Dense(2)(), TypeError, "missing a required argument: 'inputs'"),
]


_LOCATE = ("Could not locate class 'Foo'. Make sure custom classes and functions are decorated with "
           '`@keras.saving.register_keras_serializable()`. If they are already decorated, make sure they are all '
           "imported so that the decorator is run before trying to load them. Full object config: "
           "{'class_name': 'Foo', 'config': {}}")

CASES += [
    # an unknown class in a config
    (lambda: keras.layers.deserialize({'class_name': 'Foo', 'config': {}}), TypeError, _LOCATE),
    (lambda: keras.models.model_from_json('{"class_name": "Foo", "config": {}}'), TypeError, _LOCATE),
]


_TV = 'Unknown value for `%s` argument of TextVectorization. Allowed values are: %s. Received: %s=%s'

CASES += [
    # preprocessing layers' arguments
    (lambda: layers.TextVectorization(output_mode='foo'), ValueError,
     _TV % ('output_mode', "('int', 'one_hot', 'multi_hot', 'count', 'tf_idf')", 'output_mode', 'foo')),
    (lambda: layers.TextVectorization(output_mode=None), ValueError,
     _TV % ('output_mode', "('int', 'one_hot', 'multi_hot', 'count', 'tf_idf')", 'output_mode', 'None')),
    (lambda: layers.TextVectorization(split='foo'), ValueError,
     _TV % ('split', "('whitespace', 'character')", 'split', 'foo')),
    (lambda: layers.TextVectorization(split=5), ValueError, _TV % ('split', "('whitespace', 'character')", 'split', 5)),
    (lambda: layers.TextVectorization(standardize='foo'), ValueError,
     _TV % ('standardize', "('lower_and_strip_punctuation', 'lower', 'strip_punctuation')", 'standardize', 'foo')),
    (lambda: layers.TextVectorization(ragged=True, output_mode='multi_hot'), ValueError,
     "`ragged` must not be true if `output_mode` is `'int'`. Received: ragged=True and output_mode=multi_hot"),
    (lambda: layers.TextVectorization(output_sequence_length=2, output_mode='count'), ValueError,
     "`output_sequence_length` must not be set if `output_mode` is not 'int'. Received output_sequence_length=2."),
    (lambda: layers.TextVectorization(output_sequence_length=2.5), ValueError,
     "`output_sequence_length` must be either None or an integer when `output_mode` is 'int'. Received: "
     'output_sequence_length=2.5'),
    (lambda: layers.Normalization(axis=5)(np.ones((2, 3), 'float32')), ValueError,
     'All `axis` values must be in the range [-ndim, ndim). Received inputs with ndim=2, while axis=(5,)'),
]


CASES += [
    # an unknown keyword to the training methods: Python's words, naming Keras's TensorFlowTrainer
    (lambda: _compiled().fit(_X, _Y, foo=1), TypeError, "TensorFlowTrainer.fit() got an unexpected keyword argument 'foo'"),
    (lambda: _compiled().predict(_X, foo=1), TypeError,
     "TensorFlowTrainer.predict() got an unexpected keyword argument 'foo'"),
    (lambda: _compiled().train_on_batch(_X, _Y, foo=1), TypeError,
     "TensorFlowTrainer.train_on_batch() got an unexpected keyword argument 'foo'"),
    (lambda: _compiled().test_on_batch(_X, _Y, foo=1), TypeError,
     "TensorFlowTrainer.test_on_batch() got an unexpected keyword argument 'foo'"),
    (lambda: _compiled().predict_on_batch(_X, foo=1), TypeError,
     "TensorFlowTrainer.predict_on_batch() got an unexpected keyword argument 'foo'"),
    (lambda: _compiled().evaluate(_X, _Y, foo=1), ValueError, "Arguments not recognized: {'foo': 1}"),
    (lambda: _compiled().compile('sgd', 'mse', foo=1), TypeError,
     "Trainer.compile() got an unexpected keyword argument 'foo'"),
]


_Q = np.ones((1, 3, 4), 'float32')
_ON_A_LIST = ' layer must be called on a list of inputs, namely [query, value] or [query, value, key]. Received: '
_LENGTH = ' layer accepts inputs list of length 2 or 3, namely [query, value] or [query, value, key]. Received length: '

CASES += [
    # attention layers on other than a list of 2 or 3 inputs (Keras's build refuses them, outside the call banner)
    (lambda: layers.Attention()(_Q), ValueError, 'Attention' + _ON_A_LIST + 'inputs=(1, 3, 4).'),
    (lambda: layers.AdditiveAttention()(_Q), ValueError, 'AdditiveAttention' + _ON_A_LIST + 'inputs=(1, 3, 4).'),
    (lambda: layers.Attention()(keras.Input((3, 4))), ValueError, 'Attention' + _ON_A_LIST + 'inputs=(None, 3, 4).'),
    (lambda: layers.Attention()([_Q]), ValueError, 'Attention' + _LENGTH + '1.'),
    (lambda: layers.Attention()([_Q] * 4), ValueError, 'Attention' + _LENGTH + '4.'),
    (lambda: layers.Lambda(5), TypeError, 'unsupported callable'),       # (inspect.getfullargspec's words)
    (lambda: layers.Lambda('abs'), TypeError, 'unsupported callable'),
    (lambda: layers.MultiHeadAttention(2, 4)(_Q, np.ones((1, 5, 4), 'float32'), np.ones((1, 6, 4), 'float32')),
     ValueError, 'All dimensions of `value` and `key`, except the last one, must be equal. Received: '
                 'value_shape=(1, 5, 4) and key_shape=(1, 6, 4)'),
]


def test_a_function_as_data_is_named_in_kerass_words():
    """TF 2.21: "Unrecognized data type: x=<function <lambda> at 0x...> (of type <class 'function'>)"."""
    data = lambda: (_X, _Y)      # noqa: E731
    with pytest.raises(ValueError) as caught:
        _compiled().fit(data, verbose=0)
    assert caught.value.args[0] == "Unrecognized data type: x=%s (of type <class 'function'>)" % (data,)


@pytest.mark.parametrize('call, cls, text', CASES)
def test_bad_keras_call_raises_tensorflows_class_and_words(call, cls, text):
    keras.backend.clear_session()
    with pytest.raises(Exception) as caught:
        call()
    assert isinstance(caught.value, cls), repr(caught.value)
    assert str(caught.value.args[0]) == text


def test_reshape_takes_what_keras_takes():
    """Keras 3.15 builds Reshape('abc') (symbolically: (None, None, None, None)) and fills a -1 on data."""
    keras.backend.clear_session()
    assert layers.Reshape('abc').target_shape == ('a', 'b', 'c')
    assert tuple(layers.Reshape('abc')(keras.Input((3,))).shape) == (None, None, None, None)
    assert tuple(layers.Reshape(('a', 3))(np.ones((2, 6), 'float32')).shape) == (2, 2, 3)
    assert tuple(layers.Reshape((-1, 3))(np.ones((2, 6), 'float32')).shape) == (2, 2, 3)
