"""Model entry points (Input, fit targets and sample weights, load_model / load_weights arguments) raising
the classes and texts Keras 3 on TensorFlow 2.21 raises. Goldens: the same calls under TF 2.21
(/work/notes/progs/apifuzz6, cases input|*, fit|*, load|*, lw|*; p/y1.py, p/i1.py)."""
import zipfile

import numpy as np
import pytest

from framework import keras

X = np.ones((8, 3), 'float32')
Y = np.ones((8, 1), 'float32')


@pytest.mark.parametrize('dtype, label', [(object, 'object'), (5, '5'), (np.object_, 'object_')])
def test_input_refuses_dtypes_keras_does_not_know(dtype, label):
    with pytest.raises(ValueError) as caught:
        keras.Input((3,), dtype=dtype)
    assert str(caught.value) == 'Invalid dtype: %s' % label


def test_input_still_takes_numpy_and_tf_dtypes():
    assert keras.Input((3,), dtype=np.float64).dtype == 'float64'
    assert keras.Input((3,), dtype=np.dtype('int32')).dtype == 'int32'


def two_outputs(loss='mse'):
    inputs = keras.Input((3,))
    model = keras.Model(inputs, [keras.layers.Dense(1, name='a')(inputs), keras.layers.Dense(1, name='b')(inputs)])
    model.compile('sgd', loss)
    return model


@pytest.mark.parametrize('y', [Y, [Y], {'a': Y}])
def test_one_target_for_two_outputs_under_one_loss_is_keras_key_error(y):
    # TF 2.21: KeyError "The path: (0,) in the `loss` argument, can't be found in either the model's
    # output (`y_pred`) or in the labels (`y_true`)."; still a ValueError, as tapeflow raised before
    with pytest.raises(KeyError) as caught:
        two_outputs().fit(X, y, verbose=0)
    assert isinstance(caught.value, ValueError)
    # str() quotes it as KeyError's does (errors26); the counts in a note
    assert str(caught.value) == ('"The path: (0,) in the `loss` argument, can\'t be found in either the '
                                 'model\'s output (`y_pred`) or in the labels (`y_true`)."')
    assert 'give one target per output' in caught.value.__notes__[0]


def test_a_target_dict_with_other_keys_is_also_a_type_error():
    # TF 2.21: TypeError "Expected float32, but got a of type 'str'." (it converts the keys)
    with pytest.raises(TypeError) as caught:
        two_outputs().fit(X, {'a': Y, 'c': Y}, verbose=0)
    assert str(caught.value) == "Expected float32, but got a of type 'str'."
    assert isinstance(caught.value, ValueError)     # the class tapeflow raised before


def test_a_loss_list_keeps_the_structures_text():
    with pytest.raises(ValueError, match='^y_true and y_pred have different structures'):
        two_outputs(['mse', 'mse']).fit(X, [Y], verbose=0)


@pytest.mark.parametrize('count', [1, 3])
def test_sample_weight_list_of_another_length_is_refused(count):
    # TF 2.21 refuses both (tapeflow raised IndexError for 1 and trained silently with 3)
    with pytest.raises(ValueError, match=r'^You should provide one `sample_weight` array per output in `y`\. '
                                         r'The two structures did not match'):
        two_outputs().fit(X, [Y, Y], sample_weight=[np.ones(8)] * count, verbose=0)


def test_load_model_of_a_number_is_file_format_not_supported(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match='^File format not supported: filepath=3. Keras 3 only supports V3'):
        keras.models.load_model(3)


def test_load_weights_unknown_keyword_is_keras_value_error(tmp_path):
    model = two_outputs()
    path = str(tmp_path / 'm.weights.h5')
    model.save_weights(path)
    with pytest.raises(ValueError) as caught:
        model.load_weights(path, foo=1)
    assert str(caught.value) == "Invalid keyword arguments: {'foo': 1}"


def test_archive_whose_config_names_no_class_is_a_value_error(tmp_path):
    path = str(tmp_path / 'm.keras')
    with zipfile.ZipFile(path, 'w') as archive:
        archive.writestr('config.json', '{}')
        archive.writestr('metadata.json', '{}')
    with pytest.raises(ValueError, match='names no class'):        # was KeyError: 'class_name'
        keras.models.load_model(path)


def test_a_model_subclass_without_call_is_keras_not_implemented_error():
    class NoCall(keras.Model):
        pass
    with pytest.raises(NotImplementedError, match=r'Model NoCall does not have a `call\(\)` method implemented\.'):
        NoCall()(X)


def test_validation_freq_zero_is_also_keras_zero_division():
    # TF 2.21: ZeroDivisionError 'integer modulo by zero' (after epoch 1); tapeflow's note names the argument
    model = two_outputs()
    with pytest.raises(ZeroDivisionError, match='validation_freq=0'):
        model.fit(X, [Y, Y], validation_data=(X, [Y, Y]), validation_freq=0, verbose=0)


def test_archive_without_config_is_zipfile_key_error(tmp_path):
    path = str(tmp_path / 'm.keras')
    with zipfile.ZipFile(path, 'w') as archive:
        archive.writestr('metadata.json', '{}')
    with pytest.raises(KeyError) as caught:          # TF 2.21: zipfile's KeyError; still a ValueError
        keras.models.load_model(path)
    assert isinstance(caught.value, ValueError)
    # str() of TF's KeyError quotes it (files9: print(e) under TF 2.21)
    assert str(caught.value) == '"There is no item named \'config.json\' in the archive"'


def test_load_weights_from_a_directory_is_is_a_directory_error(tmp_path):
    folder = tmp_path / 'd.weights.h5'
    folder.mkdir()
    with pytest.raises(IsADirectoryError):           # TF 2.21: h5py's IsADirectoryError
        two_outputs().load_weights(str(folder))


def _single():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    return model


@pytest.mark.parametrize('call', [
    lambda m: m.fit(X.tolist(), Y, verbose=0),
    lambda m: m.fit(X, Y.tolist(), verbose=0),
    lambda m: m.fit(X, Y, sample_weight=[1.0] * 8, verbose=0),
    lambda m: m.evaluate(X.tolist(), Y, verbose=0),
    lambda m: m.predict(X.tolist(), verbose=0),
])
def test_python_lists_of_numbers_are_keras_unrecognized_data(call):
    # TF 2.21: ValueError 'Unrecognized data type: x=[[...]] (of type <class 'list'>)' (x named whichever
    # part was a list); tapeflow trained on them
    with pytest.raises(ValueError, match=r'^Unrecognized data type: x='):
        call(_single())


def test_lists_of_arrays_are_still_structures():
    inputs = [keras.Input((3,)), keras.Input((2,))]
    model = keras.Model(inputs, keras.layers.Dense(1)(keras.layers.Concatenate()(inputs)))
    model.compile('sgd', 'mse')
    assert list(model.fit([X, X[:, :2]], Y, verbose=0).history) == ['loss']


def test_load_model_dispatches_by_name_as_keras(tmp_path, monkeypatch):
    # TF 2.21: the name decides the format; what the file holds does not
    monkeypatch.chdir(tmp_path)
    model = _single()
    model.save('m.keras')
    model.save('m.h5')
    (tmp_path / 'm.keras').rename(tmp_path / 'zip.h5')           # a zip named .h5: h5py's OSError
    with pytest.raises(OSError):
        keras.models.load_model('zip.h5')
    (tmp_path / 'm.h5').rename(tmp_path / 'hdf5.keras')          # HDF5 named .keras: 'File not found'
    with pytest.raises(ValueError) as caught:
        keras.models.load_model('hdf5.keras')
    assert str(caught.value) == ('File not found: filepath=hdf5.keras. Please ensure the file is an accessible '
                                 '`.keras` zip file.')
    (tmp_path / 'other.txt').write_text('hi')
    with pytest.raises(ValueError, match='^File format not supported: filepath=other.txt. Keras 3 only supports'):
        keras.models.load_model('other.txt')


@pytest.mark.parametrize('name', ['u.keras', 'u.h5'])
def test_a_model_saved_unbuilt_loads_unbuilt(tmp_path, name):
    # TF 2.21 (p/ub.py): loads with built False and no weights; fit then builds it. From .h5 (where
    # Keras 3.15 cannot compile 'mse', so 'mean_squared_error' here) the optimizer was built for no
    # variable, and fit refuses the layers' (TF 2.21, /work/notes/progs/savefiles)
    model = keras.Sequential([keras.layers.Dense(2), keras.layers.Dense(1)])
    model.compile('adam', 'mse' if name.endswith('.keras') else 'mean_squared_error')
    model.save(str(tmp_path / name))          # (.keras warns that the model is unbuilt, as Keras's saving_lib)
    loaded = keras.models.load_model(str(tmp_path / name))
    assert not loaded.built and loaded.weights == []
    if name.endswith('.h5'):
        with pytest.raises(ValueError, match=r'^Unknown variable: <Variable path=sequential_\d+/dense_\d+/kernel, '
                                             r'shape=\(3, 2\), dtype=float32>\. This optimizer can only be called'):
            loaded.fit(np.ones((4, 3)), np.ones((4, 1)), verbose=0)
        return
    loaded.fit(np.ones((4, 3)), np.ones((4, 1)), verbose=0)
    assert len(loaded.weights) == 4


@pytest.mark.parametrize('call', [
    lambda m: m.train_on_batch(X.tolist(), Y),
    lambda m: m.test_on_batch(X.tolist(), Y),
    lambda m: m.predict_on_batch(X.tolist()),
])
def test_on_batch_with_a_list_of_numbers_is_the_call_error(call):
    # TF 2.21: the model's call refuses the Python floats
    with pytest.raises(ValueError, match=r"^Only input tensors may be passed as positional arguments\. The following "
                                         r"argument value should be passed as a keyword argument: 1\.0 \(of type "
                                         r"<class 'float'>\)"):
        call(_single())


def test_train_on_batch_with_a_list_of_targets_is_the_structure_error():
    with pytest.raises(ValueError, match='^y_true and y_pred have different structures'):
        _single().train_on_batch(X, Y.tolist())
    assert np.isfinite(_single().train_on_batch(X, Y, sample_weight=[1.0] * 8))    # TF takes a weight list


@pytest.mark.parametrize('config', [{}, {'layers': 3}, {'layers': []}])
def test_sequential_from_config_needs_name_and_layers(config):
    with pytest.raises(ValueError) as caught:        # TF 2.21's words
        keras.Sequential.from_config(config)
    assert str(caught.value) == ("A Sequential model configuration must be a dictionary containing the 'name' and "
                                 "'layers' keys. Received: config=%s" % config)
    assert len(keras.Sequential.from_config({'name': 's', 'layers': []}).layers) == 0


def test_a_built_layer_in_a_sequential_of_another_input_width_is_refused_at_construction():
    dense = keras.layers.Dense(1)
    keras.Sequential([keras.Input((3,)), dense])
    with pytest.raises(ValueError, match=r"of layer 'dense\w*' is incompatible with the layer: expected axis -1 of "
                                         r"input shape to have value 3, but received input with shape \(None, 4\)"):
        keras.Sequential([keras.Input((4,)), dense])          # TF 2.21 raises here too


def test_clone_model_with_a_clone_function_that_is_no_callable_is_a_type_error():
    with pytest.raises(TypeError, match="^'int' object is not callable"):     # TF 2.21's class and words
        keras.models.clone_model(_single(), clone_function=3)


def test_model_from_json_of_no_json_is_json_decode_error():
    import json
    with pytest.raises(json.JSONDecodeError, match='^Expecting value: line 1 column 1'):     # TF 2.21's class
        keras.models.model_from_json('garbage')


def test_archive_with_a_config_that_is_no_json_is_json_decode_error(tmp_path):
    import json
    path = str(tmp_path / 'm.keras')
    with zipfile.ZipFile(path, 'w') as archive:
        archive.writestr('config.json', 'not json')
        archive.writestr('metadata.json', '{}')
    with pytest.raises(json.JSONDecodeError, match='^Expecting value: line 1 column 1'):    # TF 2.21's class
        keras.models.load_model(path)


@pytest.mark.parametrize('entry', [[[1.0]] * 3, 0.5, 'a'])
def test_set_weights_entries_without_a_shape_are_keras_attribute_errors(entry):
    model = _single()
    before = [w.copy() for w in model.get_weights()]
    kernel_entry = entry if not isinstance(entry, float) else before[0]
    bias_entry = before[1] if not isinstance(entry, float) else entry
    with pytest.raises(AttributeError, match="object has no attribute 'shape'") as caught:    # TF 2.21
        model.set_weights([kernel_entry, bias_entry])
    assert isinstance(caught.value, ValueError)
    assert all((a == b).all() for a, b in zip(before, model.get_weights()))      # nothing assigned


def test_model_from_config_with_unknown_keys_is_the_constructor_value_error():
    with pytest.raises(ValueError, match='^Unrecognized keyword arguments passed to Model'):    # TF 2.21, unwrapped
        keras.Model.from_config({'zz': 1})
