"""Loaded SavedModel signatures are called as TensorFlow 2.21's signature wrappers are
(progs/handson7/x02.py, x03.py and p11.py, run under /opt/tfref): Géron's ch. 19 calls an
exported model's ``signatures['serving_default'](X_new)`` positionally, which TF accepts for a
one-input signature; wrong calls raise TF's binding TypeError, a wrong dtype the kernel's
InvalidArgumentError. Expected texts are copied from TF's output."""
import numpy as np
import pytest

import framework as tf
from framework import keras


class _Two(tf.Module):
    def __init__(self):
        self.w = tf.Variable(2.0)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32),
                                  tf.TensorSpec([None], tf.float32, name='bee')])
    def f(self, a, b):
        return a * self.w + b


class _One(tf.Module):
    def __init__(self):
        self.w = tf.Variable(2.0)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def f(self, x):
        return {'scaled': x * self.w}


def _loaded_signature(module, path):
    tf.saved_model.save(module, str(path), signatures=module.f)
    return tf.saved_model.load(str(path)).signatures['serving_default']


def test_one_input_signature_takes_it_positionally(tmp_path):
    sig = _loaded_signature(_One(), tmp_path)
    assert sig(tf.constant([1.0]))['scaled'].numpy().tolist() == [2.0]
    assert sig(x=tf.constant([1.5]))['scaled'].numpy().tolist() == [3.0]
    with pytest.raises(TypeError) as info:
        sig(tf.constant([1.0]), tf.constant([1.0]))
    text = str(info.value)
    assert text.startswith('Binding inputs to tf.function failed due to `too many positional arguments`.')
    # TF: "... for signature: (*, x: TensorSpec(shape=(None,), dtype=tf.float32, name='x'))
    #  -> Dict[['scaled', TensorSpec(shape=(None,), dtype=tf.float32, name='scaled')]].
    #  Fallback to flat signature also failed due to: signature_wrapper_f(x) takes 1 positional arguments, got 2."
    assert text.endswith("for signature: (*, x: TensorSpec(shape=(None,), dtype=tf.float32, name='x')) -> "
                         "Dict[['scaled', TensorSpec(shape=(None,), dtype=tf.float32, name='scaled')]].\n"
                         'Fallback to flat signature also failed due to: signature_wrapper_f(x) takes 1 '
                         'positional arguments, got 2.')
    assert repr(sig.structured_outputs) == \
        "{'scaled': TensorSpec(shape=(None,), dtype=tf.float32, name='scaled')}"


@pytest.mark.parametrize('call, reason, flat', [
    (lambda s, x: s(x, x), '`too many positional arguments`', 'takes 0 positional arguments, got 2'),
    (lambda s, x: s(x, bee=x), '`too many positional arguments`', 'takes 0 positional arguments, got 1'),
    (lambda s, x: s(a=x, b=x), "`missing a required argument: 'bee'`", 'missing required arguments: bee'),
    (lambda s, x: s(a=x, bee=x, c=x), "`got an unexpected keyword argument 'c'`",
     'got unexpected keyword arguments: c'),
])
def test_two_input_signature_is_keyword_only(tmp_path, call, reason, flat):
    sig = _loaded_signature(_Two(), tmp_path)
    x = tf.constant([1.0])
    assert sig(a=x, bee=tf.constant([10.0]))['output_0'].numpy().tolist() == [12.0]
    with pytest.raises(TypeError) as info:
        call(sig, x)
    text = str(info.value)
    assert text.startswith('Binding inputs to tf.function failed due to %s. Received args: ' % reason)
    assert "for signature: (*, a: TensorSpec(shape=(None,), dtype=tf.float32, name='a'), bee: TensorSpec(" in text
    assert text.endswith('\nFallback to flat signature also failed due to: signature_wrapper_f(a, bee) %s.' % flat)


def test_signature_dtype_mismatch_is_the_kernels_error(tmp_path):
    sig = _loaded_signature(_Two(), tmp_path)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r'cannot compute __inference_signature_wrapper_f\S* as input #0\(zero-based\) was '
                             r'expected to be a float tensor but is a int32 tensor'):
        sig(a=tf.constant([1]), bee=tf.constant([1.0]))


def test_exported_keras_model_signature(tmp_path):
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.layers.Input(shape=[3], name='features'), keras.layers.Dense(2)])
    model.export(str(tmp_path / 'k'), verbose=False)
    sig = tf.saved_model.load(str(tmp_path / 'k')).signatures['serving_default']
    x = tf.ones((1, 3))
    expected = model(x, training=False).numpy()
    np.testing.assert_array_equal(sig(x)['output_0'].numpy(), expected)
    np.testing.assert_array_equal(sig(features=x)['output_0'].numpy(), expected)
    # TF names the keyword after the model's input ('keras_tensor_3' when unnamed) and knows the
    # outputs from the start
    assert repr(sig.structured_input_signature) == \
        "((), {'features': TensorSpec(shape=(None, 3), dtype=tf.float32, name='features')})"
    assert repr(sig.structured_outputs) == \
        "{'output_0': TensorSpec(shape=(None, 2), dtype=tf.float32, name='output_0')}"
    with pytest.raises(TypeError) as info:
        sig(inputs=x)
    assert str(info.value).endswith(
        "for signature: (*, features: TensorSpec(shape=(None, 3), dtype=tf.float32, name='features')) -> "
        "Dict[['output_0', TensorSpec(shape=(None, 2), dtype=tf.float32, name='output_0')]].\n"
        'Fallback to flat signature also failed due to: signature_wrapper___call__(features) missing required '
        'arguments: features.')


def _wide_and_deep():
    wide = keras.layers.Input(shape=[3], name='wide')
    deep = keras.layers.Input(shape=[2], name='deep')
    both = keras.layers.concatenate([wide, deep])
    return keras.Model([wide, deep], [keras.layers.Dense(1)(both), keras.layers.Dense(2)(both)])


def test_export_printout_lists_inputs_outputs_and_captures(tmp_path, capsys):
    model = _wide_and_deep()
    model.export(str(tmp_path / 'wd'))
    lines = capsys.readouterr().out.splitlines()
    # TF 2.21 (progs/handson7/x04.py): one positional argument holding the list of inputs, the
    # outputs' types, and one resource handle per variable read (ids vary from run to run)
    assert lines[:6] == [
        "Saved artifact at '%s'. The following endpoints are available:" % (tmp_path / 'wd'), '',
        "* Endpoint 'serve'",
        "  args_0 (POSITIONAL_ONLY): List[TensorSpec(shape=(None, 3), dtype=tf.float32, name='wide'), "
        "TensorSpec(shape=(None, 2), dtype=tf.float32, name='deep')]",
        'Output Type:',
        '  List[TensorSpec(shape=(None, 1), dtype=tf.float32, name=None), '
        'TensorSpec(shape=(None, 2), dtype=tf.float32, name=None)]']
    assert lines[6] == 'Captures:' and len(lines) == 7 + 4
    assert all(line.endswith(': TensorSpec(shape=(), dtype=tf.resource, name=None)') for line in lines[7:])
    loaded = tf.saved_model.load(str(tmp_path / 'wd'))
    out = loaded.signatures['serving_default'](wide=tf.ones((1, 3)), deep=tf.ones((1, 2)))
    assert sorted(out) == ['output_0', 'output_1'] and out['output_1'].shape == (1, 2)
    served = loaded.serve([tf.ones((1, 3)), tf.ones((1, 2))])
    np.testing.assert_array_equal(served[0].numpy(), out['output_0'].numpy())


def test_export_captures_leave_out_seed_generator_states(tmp_path, capsys):
    model = keras.Sequential([keras.layers.Input(shape=[4, 3]), keras.layers.BatchNormalization(),
                              keras.layers.Dropout(0.2), keras.layers.Flatten(), keras.layers.Dense(2)])
    model.export(str(tmp_path / 'bn'))
    text = capsys.readouterr().out
    # TF 2.21: 7 variables saved (the Dropout's seed state among them), 6 captured in the graph
    assert len(tf.saved_model.load(str(tmp_path / 'bn')).variables) == 7
    assert text.count('dtype=tf.resource') == 6


def test_structured_outputs_known_before_any_call(tmp_path):
    # TF 2.21 traces the signature at save (tapeflow runs it there once, progs/kerasio34/s26_sig_never_called.py)
    sig = _loaded_signature(_One(), tmp_path)
    assert repr(sig.structured_outputs) == "{'scaled': TensorSpec(shape=(None,), dtype=tf.float32, name='scaled')}"


def test_loaded_object_type_name_is_tensorflows(tmp_path):
    # TF 2.21 (progs/handson7/p11.py): type(tf.saved_model.load(path)).__name__ == '_UserObject'
    tf.saved_model.save(_One(), str(tmp_path))
    loaded_type = type(tf.saved_model.load(str(tmp_path)))
    assert loaded_type.__name__ == '_UserObject' and loaded_type.__qualname__ == 'LoadedObject'


def test_exported_serve_binds_as_tensorflows_endpoint(tmp_path):
    # Géron's ch. 19 model: Flatten(input_shape=[6, 6], dtype=tf.uint8) under Keras 3 gives a
    # float32 Input, so TF 2.21's serve() refuses uint8 tensors (progs/handson7/p13.py) and
    # converts numpy arrays to the spec's dtype
    model = keras.Sequential([keras.layers.Flatten(input_shape=[2, 3], dtype=tf.uint8),
                              keras.layers.Rescaling(scale=1 / 255), keras.layers.Dense(2)])
    model.export(str(tmp_path / 'm'), verbose=False)
    loaded = tf.saved_model.load(str(tmp_path / 'm'))
    images = np.arange(12, dtype=np.uint8).reshape(2, 2, 3)
    expected = model(images.astype(np.float32), training=False).numpy()
    np.testing.assert_array_equal(loaded.serve(images).numpy(), expected)      # numpy: converted
    name = model.inputs[0].name
    spec = "TensorSpec(shape=(None, 2, 3), dtype=tf.float32, name='%s')" % name
    with pytest.raises(TypeError) as info:
        loaded.serve(tf.constant(images))
    assert str(info.value).startswith(
        "Binding inputs to tf.function failed due to `Can not cast TensorSpec(shape=(2, 2, 3), dtype=tf.uint8, "
        "name='%s') to %s`. Received args: " % (name, spec))
    assert str(info.value).endswith("and kwargs: {} for signature: (args_0: %s)." % spec)
    with pytest.raises(TypeError, match=r"`missing a required argument: 'args_0'`"):
        loaded.serve(**{name: images})
    with pytest.raises(TypeError, match=r"`Can not cast TensorSpec\(shape=\(2, 3, 3\), dtype=tf.float32, name="):
        loaded.serve(np.zeros((2, 3, 3), np.float32))


class _Subclassed(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dense = keras.layers.Dense(2)

    def call(self, x):
        return self.dense(x)


def test_export_of_a_subclassed_model_traces_its_first_call_shape(tmp_path, capsys):
    model = _Subclassed()
    model(np.ones((3, 4), np.float32))
    model.export(str(tmp_path / 's'))
    # TF 2.21 (progs/handson7/x20.py): the first call's shape with the batch open, the argument unnamed
    assert capsys.readouterr().out.splitlines()[3:6] == [
        "  args_0 (POSITIONAL_ONLY): TensorSpec(shape=(None, 4), dtype=tf.float32, name=None)", 'Output Type:',
        '  TensorSpec(shape=(None, 2), dtype=tf.float32, name=None)']
    sig = tf.saved_model.load(str(tmp_path / 's')).signatures['serving_default']
    assert repr(sig.structured_input_signature) == \
        "((), {'args_0': TensorSpec(shape=(None, 4), dtype=tf.float32, name='args_0')})"
    assert sig(args_0=tf.ones((5, 4)))['output_0'].shape == (5, 2)


def test_export_leaves_the_batch_open_for_a_model_built_on_data(tmp_path):
    model = keras.Sequential([keras.layers.Dense(2)])
    model(np.ones((3, 5), np.float32))
    model.export(str(tmp_path / 't'), verbose=False)
    loaded = tf.saved_model.load(str(tmp_path / 't'))
    (spec,) = loaded.signatures['serving_default'].structured_input_signature[1].values()
    assert spec.shape.as_list() == [None, 5]
    assert loaded.serve(np.ones((7, 5), np.float32)).shape == (7, 2)


def test_saved_keras_model_signature_names_its_input_inputs(tmp_path):
    # TF 2.21 (progs/handson7/x21.py): tf.saved_model.save of a one-input Keras model serves 'inputs'
    model = keras.Sequential([keras.layers.Input(shape=[3]), keras.layers.Dense(2)])
    tf.saved_model.save(model, str(tmp_path / 'a'))
    sig = tf.saved_model.load(str(tmp_path / 'a')).signatures['serving_default']
    assert repr(sig.structured_input_signature) == \
        "((), {'inputs': TensorSpec(shape=(None, 3), dtype=tf.float32, name='inputs')})"
    assert repr(sig.structured_outputs) == \
        "{'output_0': TensorSpec(shape=(None, 2), dtype=tf.float32, name='output_0')}"
    np.testing.assert_array_equal(sig(inputs=tf.ones((1, 3)))['output_0'].numpy(), model(tf.ones((1, 3))).numpy())


def test_export_captures_normalization_statistics_as_constants(tmp_path, capsys):
    model = keras.Sequential([keras.layers.Input(shape=[6]), keras.layers.Normalization(), keras.layers.Dense(3)])
    model.layers[0].adapt(np.arange(24, dtype=np.float32).reshape(4, 6))
    model.export(str(tmp_path / 'n'))
    lines = capsys.readouterr().out.splitlines()
    # TF 2.21 (progs/handson7/p11.py): the adapted mean and variance as two (1, 6) constants, then
    # the Dense layer's two resources; the Normalization's adapt variables are not read
    captures = [line.split(': ', 1)[1] for line in lines[lines.index('Captures:') + 1:]]
    assert captures == ['TensorSpec(shape=(1, 6), dtype=tf.float32, name=None)'] * 2 + \
        ['TensorSpec(shape=(), dtype=tf.resource, name=None)'] * 2
