"""Loading weights and writing checkpoints where Keras 3 / TF 2.21 refuse: their exception class and text.

Expected texts: TF 2.21 + Keras 3.15 (/opt/tfref) running the same programs with tensorflow and keras
(/work/notes/progs/files9/err/errs.py, errs2.py, mgr.py). tapeflow still changes no weight when it refuses
(Keras assigns the layers before a shape mismatch); its own listing of every mismatch is a note.
"""
import os

import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers


def _fitted(units=2, hidden=1):
    layers = [keras.Input((3,))] + [L.Dense(4, name='h%d' % i) for i in range(hidden)] + [L.Dense(units, name='out')]
    model = keras.Sequential(layers)
    model.compile('adam', 'mse')
    model.fit(np.ones((4, 3), 'float32'), np.ones((4, units), 'float32'), verbose=0)
    return model


@pytest.fixture
def files(tmp_path):
    keras.backend.clear_session()       # the texts name 'sequential_1'
    source = _fitted()
    source.save_weights(str(tmp_path / 'w.weights.h5'))
    source.save(str(tmp_path / 'm.h5'))
    source.save(str(tmp_path / 'm.keras'))
    yield tmp_path
    keras.backend.clear_session()


def _values(model):
    return [v.numpy().copy() for v in model.weights]


@pytest.mark.parametrize('name', ['w.weights.h5', 'm.keras'])
def test_weights_into_an_unbuilt_model_are_refused_as_keras_refuses_them(files, name):
    model = keras.Sequential([L.Dense(2)])
    with pytest.raises(ValueError) as error:
        model.load_weights(str(files / name))
    assert str(error.value) == ('You are loading weights into a model that has not yet been built. Try building '
                                'the model first by calling it on some data or by using `build()`.')
    assert not model.built and model.weights == []


def test_legacy_weights_into_an_unbuilt_model_are_a_layer_count_mismatch(files):
    model = keras.Sequential([L.Dense(2)])
    with pytest.raises(ValueError) as error:
        model.load_weights(str(files / 'm.h5'))
    assert str(error.value) == ('Layer count mismatch when loading weights from file. Model expected 0 layers, '
                                'found 2 saved layers.')
    assert not model.built


@pytest.mark.parametrize('skip', [False, True])
def test_legacy_layer_count_mismatch_is_refused_even_when_skipping(files, skip):
    model = _fitted(hidden=2)
    before = _values(model)
    with pytest.raises(ValueError) as error:
        model.load_weights(str(files / 'm.h5'), skip_mismatch=skip)
    assert str(error.value) == ('Layer count mismatch when loading weights from file. Model expected 3 layers, '
                                'found 2 saved layers.')
    for old, new in zip(before, _values(model)):
        np.testing.assert_array_equal(old, new)


@pytest.mark.parametrize('by_name', [False, True])
def test_legacy_shape_mismatch_reads_as_keras_and_changes_nothing(files, by_name):
    model = _fitted(units=3)            # 'sequential_1'
    before = _values(model)
    with pytest.raises(ValueError) as error:
        model.load_weights(str(files / 'm.h5'), by_name=by_name)
    assert str(error.value) == ('Shape mismatch in layer #1 (named out)for weight sequential_1/out/kernel. Weight '
                                'expects shape (4, 3). Received saved weight with shape (4, 2)')
    assert 'no weight was changed' in error.value.__notes__[0]
    for old, new in zip(before, _values(model)):      # Keras had assigned layer h0 already
        np.testing.assert_array_equal(old, new)


def test_legacy_weight_count_mismatch_of_one_layer(tmp_path):
    keras.backend.clear_session()
    source = keras.Sequential([keras.Input((3,)), L.Dense(2, name='a'), L.Dense(1, name='b')])
    source.save(str(tmp_path / 'm.h5'))
    target = keras.Sequential([keras.Input((3,)), L.Dense(2, name='a'), L.Dense(1, use_bias=False, name='c')])
    with pytest.raises(ValueError) as error:
        target.load_weights(str(tmp_path / 'm.h5'))
    assert str(error.value) == ('Weight count mismatch for layer #1 (named c in the current model, b in the save '
                                'file). Layer expects 1 weight(s). Received 2 saved weight(s)')
    keras.backend.clear_session()


@pytest.mark.parametrize('fmt, text', [
    ('onnx2', "Unrecognized format=onnx2. Supported formats are: ['tf_saved_model', 'onnx', 'openvino', "
              "'litert', 'torch']."),
    ('torch', 'Torch export requires PyTorch backend.'),
])
def test_export_formats_keras_refuses_on_tensorflow(tmp_path, fmt, text):
    model = keras.Sequential([keras.Input((3,)), L.Dense(2)])
    with pytest.raises(ValueError) as error:
        model.export(str(tmp_path / 'e'), format=fmt, verbose=False)
    assert str(error.value) == text
    assert not os.path.exists(str(tmp_path / 'e'))


@pytest.mark.parametrize('under', ['', '/sub'])
def test_a_checkpoint_under_a_file_is_tensorflows_failed_precondition(tmp_path, under):
    blocker = tmp_path / 'afile'
    blocker.write_text('x')
    checkpoint = tf.train.Checkpoint(v=tf.Variable(1.0))
    manager = tf.train.CheckpointManager(checkpoint, str(blocker) + under, 3)     # made as in TF; saving fails
    for save in (manager.save, lambda: checkpoint.save(str(blocker) + under + '/x'),
                 lambda: checkpoint.write(str(blocker) + under + '/x')):
        with pytest.raises(tf.errors.FailedPreconditionError) as error:
            save()
        assert str(error.value) == '%s is not a directory' % blocker
    assert blocker.read_text() == 'x' and sorted(os.listdir(tmp_path)) == ['afile']


def test_read_of_a_missing_checkpoint_is_the_readers_error_alone(tmp_path):
    missing = str(tmp_path / 'nope')
    with pytest.raises(tf.errors.NotFoundError) as error:
        tf.train.Checkpoint(v=tf.Variable(1.0)).read(missing)
    assert str(error.value) == 'Unsuccessful TensorSliceReader constructor: Failed to find any matching files for ' \
                               + missing
    with pytest.raises(tf.errors.NotFoundError) as error:      # restore adds TF's advice
        tf.train.Checkpoint(v=tf.Variable(1.0)).restore(missing)
    assert str(error.value).startswith('Error when restoring from checkpoint or SavedModel at %s: ' % missing)


def test_legacy_skip_mismatch_skips_only_the_weights_that_do_not_fit(tmp_path):
    # TF 2.21 (/work/notes/progs/files9/err/skip.py): h0's kernel is skipped with this warning, its bias and
    # layer 'out' load; a .weights.h5 file skips all of h0 (Keras 3's saving_lib), as before
    keras.backend.clear_session()
    source = keras.Sequential([keras.Input((3,)), L.Dense(4, name='h0'), L.Dense(2, name='out')])
    for weight in source.weights:
        if len(weight.shape) == 1:
            weight.assign(np.full(weight.shape, 0.5, 'float32'))
    source.save(str(tmp_path / 'm.h5'))
    target = keras.Sequential([keras.Input((5,)), L.Dense(4, name='h0'), L.Dense(2, name='out')])
    kernel = target.weights[0].numpy().copy()
    with pytest.warns(UserWarning) as caught:
        target.load_weights(str(tmp_path / 'm.h5'), skip_mismatch=True)
    assert [str(w.message) for w in caught] == [
        'Skipping loading weights for layer #0 (named h0)due to mismatch in shape for weight sequential_1/h0/kernel. '
        'Weight expects shape (5, 4). Received saved weight with shape (3, 4)']
    np.testing.assert_array_equal(target.weights[0].numpy(), kernel)
    for new, old in zip(target.weights[1:], source.weights[1:]):
        np.testing.assert_array_equal(new.numpy(), old.numpy())
    keras.backend.clear_session()


def test_unreadable_files_give_the_readers_words(files):
    import zipfile
    (files / 'junk.h5').write_bytes(b'not an h5')
    with zipfile.ZipFile(str(files / 'noconf.keras'), 'w') as archive:
        archive.writestr('metadata.json', '{}')
    with pytest.raises(OSError) as error:             # h5py's, which Keras 3 lets through
        keras.models.load_model(str(files / 'junk.h5'))
    assert str(error.value) == 'Unable to synchronously open file (file signature not found)'
    assert str(files / 'junk.h5') in error.value.__notes__[0]
    with pytest.raises(KeyError) as error:            # zipfile's; str() of a KeyError quotes it
        keras.models.load_model(str(files / 'noconf.keras'))
    assert str(error.value) == '"There is no item named \'config.json\' in the archive"'
    with pytest.raises(ValueError) as error:
        keras.models.load_model(str(files / 'w.weights.h5'))
    assert str(error.value) == 'No model config found in the file at %s.' % (files / 'w.weights.h5')


def test_by_name_with_a_keras3_weights_file_is_keras_text(files):
    model = _fitted()
    with pytest.raises(ValueError) as error:
        model.load_weights(str(files / 'w.weights.h5'), by_name=True)
    assert str(error.value) == ("`by_name` only supports loading legacy '.h5' or '.hdf5' files. Received: %s"
                                % (files / 'w.weights.h5'))
