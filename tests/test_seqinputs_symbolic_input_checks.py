"""Symbolic calls of built models check their inputs as Keras 3.15's InputSpec check does.

A built Sequential hands a symbolic call to its inner Functional's compute_output_spec, which checks
the inputs against that Functional's InputSpec (dict keys, count, shape) whether the input carries a
mask or not; the error reads as Sequential.call()'s. A functional model checks the names and count
in its __call__, before any output is found: bare errors. Golden texts: TF 2.21 / Keras 3.15 on this
machine (/work/notes/progs/seqinputs/sweep1.py; tapeflow built an output for the masked case, spoke of
a tuple of shapes for two tensors and "Model 'fm' expects 2 input shape(s)" for the functional ones).
"""
import re
import warnings

import numpy as np
import pytest

from framework import keras
from framework.keras import layers


def _error_text(model, inputs):
    with pytest.raises(ValueError) as info:
        model(inputs)
    return str(info.value)


def _sequential():
    keras.backend.clear_session()       # its Input is 'input_layer', its Functional 'functional', as in the TF run
    return keras.Sequential([keras.Input((4, 3)), layers.Dense(2)])


def _bold(text):
    return text.split('\x1b[1m')[1].split('\x1b[0m')[0]


def test_masked_keras_tensor_of_wrong_shape_is_refused():
    model = _sequential()
    ids = keras.Input((5,), dtype='int32')
    embedded = layers.Embedding(10, 3, mask_zero=True)(ids)
    text = _error_text(model, embedded)
    assert text.startswith('Exception encountered when calling Sequential.call().\n\n')
    assert _bold(text) == ("Input 0 with name 'input_layer' of layer 'functional' is incompatible with the layer: "
                           'expected shape=(None, 4, 3), found shape=(None, 5, 3)')
    assert re.search(r"\n  \u2022 kwargs=\{'mask': '<KerasTensor shape=\(None, 5\), dtype=bool, sparse=False, "
                     r"ragged=False, name=keras_tensor_\d+>'\}$", text)


def test_masked_keras_tensor_of_right_shape_still_builds():
    ids = keras.Input((4,), dtype='int32')
    embedded = layers.Embedding(10, 3, mask_zero=True)(ids)
    assert _sequential()(embedded).shape == (None, 4, 2)


@pytest.mark.parametrize('container', [list, tuple])
def test_two_keras_tensors_are_counted_before_shapes(container):
    text = _error_text(_sequential(), container([keras.Input((4, 3)), keras.Input((4, 3))]))
    assert _bold(text) == ('Layer "functional" expects 1 named input(s) with keys [\'input_layer\'], but it '
                           "received 2 input tensors. Pass inputs as a dict, e.g. `layer({'input_layer': ...})`.")
    mask = "['None', 'None']" if container is list else "('None', 'None')"
    assert text.endswith("\n  \u2022 kwargs={'mask': %s}" % mask)


def test_dict_is_read_by_the_input_name():
    model = _sequential()
    assert model({'input_layer': keras.Input((4, 3))}).shape == (None, 4, 2)
    text = _error_text(model, {'a': keras.Input((4, 3))})
    assert _bold(text) == ('Missing data for input "input_layer". You passed a data dictionary with keys [\'a\']. '
                           "Expected the following keys: ['input_layer']")


def _dict_model():
    a, b = keras.Input((3,), name='a'), keras.Input((2,), name='b')
    return keras.Model({'a': a, 'b': b}, layers.Dense(1)(layers.Concatenate()([a, b])), name='fm')


def _list_model():
    a, b = keras.Input((3,), name='a2'), keras.Input((2,), name='b2')
    return keras.Model([a, b], layers.Dense(1)(layers.Concatenate()([a, b])), name='fl')


def test_functional_dict_missing_key_is_refused_bare():
    assert _error_text(_dict_model(), {'a': keras.Input((3,))}) == (
        'Missing data for input "b". You passed a data dictionary with keys [\'a\']. '
        "Expected the following keys: ['a', 'b']")


def test_functional_dict_extra_key_gives_outputs_without_warning():
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        out = _dict_model()({'a': keras.Input((3,)), 'b': keras.Input((2,)), 'c': keras.Input((2,))})
    assert out.shape == (None, 1)


@pytest.mark.parametrize('count', [1, 3])
def test_functional_list_of_other_length_is_refused_bare(count):
    inputs = [keras.Input((3,)), keras.Input((2,)), keras.Input((2,))][:count]
    assert _error_text(_list_model(), inputs) == (
        'Layer "fl" expects 2 named input(s) with keys [\'a2\', \'b2\'], but it received %d input tensors. '
        "Pass inputs as a dict, e.g. `layer({'a2': ..., 'b2': ...})`." % count)


def test_eager_dict_with_extra_key_still_warns():
    model = _dict_model()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        out = model({'a': np.ones((2, 3), 'float32'), 'b': np.ones((2, 2), 'float32'),
                     'c': np.ones((2, 2), 'float32')})
    assert out.shape == (2, 1)
    assert [str(w.message) for w in caught] == [
        "The structure of `inputs` doesn't match the expected structure.\nExpected: {'a': 'a', 'b': 'b'}\n"
        "Received: inputs={'a': 'Tensor(shape=(2, 3))', 'b': 'Tensor(shape=(2, 2))', 'c': 'Tensor(shape=(2, 2))'}"]


_DROPPED = ("Layer '%s' (of type %s) was passed an input with a mask attached to it. However, this layer does not "
            'support masking and will therefore destroy the mask information. Downstream layers will not see the mask.')


def _warnings_of(call):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        out = call()
    return out, [str(w.message) for w in caught]


def _masked_ids():
    return layers.Embedding(10, 3, mask_zero=True)(np.array([[1, 2, 0, 0], [3, 0, 0, 0]]))


def test_models_given_a_masked_input_warn_that_the_mask_stops():
    """Keras 3's Sequential and Functional define no compute_mask, so __call__ warns (eagerly and
    symbolically, or for an explicit mask=); the layers inside still see the mask."""
    seq = keras.Sequential([keras.Input((4, 3)), layers.Dense(2)], name='seq')
    inp = keras.Input((4, 3))
    fun = keras.Model(inp, layers.Dense(2)(inp), name='fun')
    masked = _masked_ids()
    out, texts = _warnings_of(lambda: seq(masked))
    assert texts == [_DROPPED % ('seq', 'Sequential')] and out.shape == (2, 4, 2)
    assert _warnings_of(lambda: fun(masked))[1] == [_DROPPED % ('fun', 'Functional')]
    explicit = _warnings_of(lambda: seq(np.zeros((2, 4, 3), 'float32'), mask=np.ones((2, 4), bool)))[1]
    assert explicit == [_DROPPED % ('seq', 'Sequential')]
    symbolic = layers.Embedding(10, 3, mask_zero=True)(keras.Input((4,), dtype='int32'))
    out, texts = _warnings_of(lambda: fun(symbolic))
    assert texts == [_DROPPED % ('fun', 'Functional')] and out.shape == (None, 4, 2)


def test_unmasked_model_calls_do_not_warn():
    seq = keras.Sequential([keras.Input((4, 3)), layers.Dense(2)])
    assert _warnings_of(lambda: seq(np.zeros((2, 4, 3), 'float32')))[1] == []


@pytest.mark.parametrize('make, inputs, name', [
    (_dict_model, None, 'a'),
    (_dict_model, {'a': None, 'b': np.ones((2, 2), 'float32')}, 'a'),
    (_dict_model, {'a': np.ones((2, 3), 'float32'), 'b': None}, 'b'),
    (_list_model, None, 'a2'),
    (_list_model, [np.ones((2, 3), 'float32'), None], 'b2'),
    (_list_model, [keras.Input((3,)), None], 'b2'),
])
def test_functional_refuses_none_for_an_input_bare(make, inputs, name):
    """Keras 3's Functional._assert_input_compatibility, before its InputSpec check (tapeflow counted
    None as a missing input, or tried to convert it)."""
    assert _error_text(make(), inputs) == (
        "The input '%s' is not optional, but None was passed. Please provide a valid tensor." % name)


def test_sequential_reads_a_dict_by_its_input_tensor_name():
    """Keras 3's Functional inside a Sequential takes inputs['keras_tensor'] (its Input tensor's name) and
    warns about the one-entry list it made; any other dict is refused in that warning's words, as a
    Sequential.call() error (the first layer used to get the dict: Dense's 'found ndim=0')."""
    model = _sequential()
    batch = np.zeros((2, 4, 3), 'float32')
    out, texts = _warnings_of(lambda: model({'keras_tensor': batch}))
    assert out.shape == (2, 4, 2)
    assert texts == ["The structure of `inputs` doesn't match the expected structure.\nExpected: keras_tensor\n"
                     "Received: inputs=['Tensor(shape=(2, 4, 3))']"]
    text = _error_text(model, {'input_layer': batch})
    assert text.startswith('Exception encountered when calling Sequential.call().\n\n')
    assert _bold(text) == ("The structure of `inputs` doesn't match the expected structure.\nExpected: keras_tensor\n"
                           "Received: inputs={'input_layer': 'Tensor(shape=(2, 4, 3))'}")


def test_functional_refuses_another_rank_in_keras_words():
    """Keras 3's Functional._adjust_input_rank, for a rank its InputSpec let through (tapeflow said
    "Model 'fun': input 'x' expects shape (None, 3), but it was given a tensor of shape (2, 3, 2)")."""
    keras.backend.clear_session()
    inp = keras.Input((3,), name='x')
    fun = keras.Model(inp, layers.Dense(2)(inp), name='fun')
    assert _bold(_error_text(fun, np.zeros((3,), 'float32'))) == (
        "Invalid input shape for input [0. 0. 0.] with name 'x' and path ''. Expected shape (None, 3), but input "
        'has incompatible shape (3,)')
    a, b = keras.Input((3,), name='a'), keras.Input((2,), name='b')
    pair = keras.Model([a, b], layers.Concatenate()([a, b]))
    assert _bold(_error_text(pair, [np.zeros((2, 3), 'float32'), np.zeros((2, 2, 2), 'float32')])).endswith(
        "with name 'b' and path '1'. Expected shape (None, 2), but input has incompatible shape (2, 2, 2)")


def test_functional_rank_error_in_evaluate_shows_a_free_batch():
    keras.backend.clear_session()
    inp = keras.Input((3,), name='x')
    fun = keras.Model(inp, layers.Dense(2)(inp), name='fun')
    fun.compile('sgd', 'mse')
    with pytest.raises(ValueError) as info:
        fun.evaluate(np.zeros((2, 3, 2), 'float32'), np.zeros((2, 2)), verbose=0)
    assert _bold(str(info.value)) == (
        "Invalid input shape for input Tensor(\"data:0\", shape=(None, 3, 2), dtype=float32) with name 'x' and "
        "path ''. Expected shape (None, 3), but input has incompatible shape (None, 3, 2)")


def test_functional_call_takes_other_keywords_as_keras():
    """Keras 3's Functional.call(inputs, training=None, mask=None, **kwargs): fun(x, foo=1) runs on TF 2.21
    (tapeflow raised "got an unexpected keyword argument 'foo'"), and a failed call lists kwargs."""
    keras.backend.clear_session()
    inp = keras.Input((3,), name='x')
    fun = keras.Model(inp, layers.Dense(2)(inp), name='fun')
    assert fun(np.zeros((2, 3), 'float32'), foo=1).shape == (2, 2)
    text = _error_text(fun, np.zeros((3,), 'float32'))
    assert text.endswith("\n  \u2022 training=None\n  \u2022 mask=None\n  \u2022 kwargs=<class 'inspect._empty'>")


def test_a_one_input_layer_given_two_tensors_lists_their_reprs():
    """Keras 3 formats the list of inputs it received: each tensor's repr, the arrays converted first
    (tapeflow listed 'Tensor(shape=(2, 3))')."""
    keras.backend.clear_session()
    model = keras.Sequential([layers.Dense(2)])
    text = _bold(_error_text(model, [np.zeros((2, 3)), np.zeros((2, 3))]))
    row = '<tf.Tensor: shape=(2, 3), dtype=float32, numpy=\narray([[0., 0., 0.],\n       [0., 0., 0.]], dtype=float32)>'
    assert text == ('Layer "dense" expects 1 input(s), but it received 2 input tensors. Inputs received: [%s, %s]'
                    % (row, row))


@pytest.mark.parametrize('run', ['fit', 'fit_unshuffled', 'evaluate', 'predict'])
def test_training_entry_points_pass_a_none_input_on_to_the_model(run):
    """fit/evaluate/predict({'a': x, 'b': None}): Keras's data adapter keeps the None and the model
    refuses it (TF 2.21); tapeflow's batch slicing raised "'NoneType' object is not subscriptable"."""
    model = _dict_model()
    model.compile('sgd', 'mse')
    x = {'a': np.ones((4, 3), 'float32'), 'b': None}
    y = np.ones((4, 1), 'float32')
    calls = {'fit': lambda: model.fit(x, y, verbose=0), 'fit_unshuffled': lambda: model.fit(x, y, verbose=0, shuffle=False),
             'evaluate': lambda: model.evaluate(x, y, verbose=0), 'predict': lambda: model.predict(x, verbose=0)}
    with pytest.raises(ValueError) as info:
        calls[run]()
    assert str(info.value) == "The input 'b' is not optional, but None was passed. Please provide a valid tensor."


def test_one_input_model_given_a_dict_warns_about_the_list_it_reads():
    """Keras 3's Functional._standardize_inputs: a model made with one Input (not a list of one) reads
    [inputs['x']] from a dict and warns that this list is not its Input; one made with [Input] does not."""
    inp = keras.Input((3,), name='x')
    single, listed = keras.Model(inp, layers.Dense(2)(inp)), keras.Model([inp], layers.Dense(2)(inp))
    batch = {'x': np.zeros((2, 3), 'float32'), 'y': np.zeros((2, 3), 'float32')}
    out, texts = _warnings_of(lambda: single(batch))
    assert out.shape == (2, 2) and texts == [
        "The structure of `inputs` doesn't match the expected structure.\nExpected: x\n"
        "Received: inputs=['Tensor(shape=(2, 3))']"]
    assert _warnings_of(lambda: listed(batch))[1] == []
