"""keras.saving.KerasFileEditor as Keras 3.15 on TF 2.21 (progs/kerasio43/p11.py, p12.py): tapeflow had
no such name (AttributeError "module 'keras.saving' has no attribute 'KerasFileEditor'"). The texts
and counts below were printed by TF 2.21 for the same programs, Keras's quirks included: a bare name
under 'layers' counted twice once an optimizer group follows it, and compare's nested counts added
twice ('Found 14 matching weights' for six weights)."""
import numpy as np
import pytest

from framework import keras

L = keras.layers


def _model(first=4, name='s'):
    return keras.Sequential([keras.Input((3,)), L.Dense(first, name='d1'), L.BatchNormalization(name='bn'),
                             L.Dense(2, name='d2')], name=name)


@pytest.fixture
def files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv('COLUMNS', raising=False)
    keras.backend.clear_session()       # (the optimizer's auto-name 'adam' is pinned below)
    model = _model()
    model.compile('adam', 'mse')
    model.fit(np.ones((4, 3)), np.ones((4, 2)), verbose=0)
    model.save('m.keras')
    model.save_weights('m.weights.h5')
    return model


def test_reads_a_keras_archive_and_prints_its_structure(files, capsys):
    editor = keras.saving.KerasFileEditor('m.keras')
    assert list(editor.weights_dict) == ['layers', 'optimizer']
    assert list(editor.weights_dict['layers']) == ['batch_normalization', 'dense', 'dense_1']
    assert editor.object_metadata == {'/layers/batch_normalization': {'name': 'bn'}, '/layers/dense': {'name': 'd1'},
                                      '/layers/dense_1': {'name': 'd2'}, '/optimizer': {'name': 'adam'}}
    assert sorted(editor.metadata) == ['date_saved', 'keras_version'] and editor.config['class_name'] == 'Sequential'
    np.testing.assert_array_equal(editor.weights_dict['layers']['dense']['0'], files.layers[0].kernel.numpy())
    capsys.readouterr()
    editor.summary()
    lines = capsys.readouterr().out.splitlines()
    assert lines[:5] == ['Weights structure', '  > layers', '  │   ├─ batch_normalization',
                         '  │   │   ├─ 0: shape=(4,), dtype=float32', '  │   │   ├─ 1: shape=(4,), dtype=float32']
    assert lines[13:16] == ['  └─ optimizer', '      ├─ 0: shape=(), dtype=int64',
                            '      ├─ 1: shape=(), dtype=float32']
    assert lines[-1] == '      └─ 9: shape=(4,), dtype=float32'


def test_compare_lists_mismatches_in_keras_words_wrapped_at_80(files, capsys):
    editor = keras.saving.KerasFileEditor('m.weights.h5')
    assert editor.metadata is None and editor.config is None
    capsys.readouterr()
    other = keras.Sequential([keras.Input((3,)), L.Dense(5, name='d1'), L.Dense(2, name='d2')])
    assert editor.compare(other) == {'status': 'error', 'error_count': 10, 'match_count': 1}
    out = capsys.readouterr().out
    assert out.startswith('Running comparison\n...Weight shape mismatch for /layers/dense/0\n'
                          '    In reference model: shape=(3, 5)\n    In saved file: shape=(3, 4)\n')
    assert ('...Object /layers/batch_normalization present in saved file, missing from \nreference model\n'
            '    In saved file, /layers/batch_normalization contains the following keys: \n'
            "['0', '1', '2', '3']\n") in out
    assert out.endswith('─────────────────────\n'
                        'Found 10 errors: saved file is not compatible with the reference model\n')
    assert editor.compare(files) == {'status': 'success', 'error_count': 0, 'match_count': 50}
    assert capsys.readouterr().out.endswith('Comparison successful: saved file is compatible with the reference '
                                            'model\n    Found 50 matching weights\n')


def test_edits_and_their_refusals(files):
    editor = keras.saving.KerasFileEditor('m.weights.h5')
    with pytest.raises(ValueError, match="^Name 'dense' occurs more than once in the model; try passing a complete"):
        editor.rename_object('dense', 'dense_9')
    with pytest.raises(ValueError, match="^Argument `target_name` should be a leaf name, not a full path name. "
                                         "Received: target_name='x/y'$"):
        editor.rename_object('dense', 'x/y')
    with pytest.raises(ValueError, match=r"^Source name 'nope' does not appear in the model. Use "
                                         r"`editor.weights_summary\(\)` to list all objects.$"):
        editor.delete_object('nope')
    with pytest.raises(ValueError, match="^Path 'layers/nope' not found in model.$"):
        editor.rename_object('layers/nope', 'x')
    with pytest.raises(ValueError, match="^Path 'foo' not found in model.$"):
        editor.add_object('foo/bar', {'0': np.ones(1)})
    with pytest.raises(ValueError, match=r"^Argument `weights` should be a dict .* "
                                         r"Received: type\(weights\)=<class 'list'>$"):
        editor.add_weights('layers/dense', [1])
    with pytest.raises(ValueError, match=r"^Weight 7 not found in object layers/dense_1. Weights found: \['0', '1'\]$"):
        editor.delete_weight('layers/dense_1', '7')
    editor.rename_object('optimizer', 'opt2')           # a top-level name is counted once
    editor.rename_object('layers/dense', 'dense_9')
    editor.delete_object('layers/batch_normalization')
    editor.delete_weight('layers/dense_1', '1')
    assert {k: list(v) for k, v in editor.weights_dict['layers'].items()} == {'dense_1': ['0'], 'dense_9': ['0', '1']}
    with pytest.raises(ValueError, match=r'^Invalid `filepath` argument: expected a `.weights.h5` extension. '
                                         r'Received: filepath=out.keras$'):
        editor.save('out.keras')
    with pytest.raises(ValueError, match=r'^Invalid filename: expected a `.keras` `.weights.h5` extension. '
                                         r'Received: filepath=m.h5$'):
        keras.saving.KerasFileEditor('m.h5')


def test_an_edited_file_loads_into_a_changed_model(files, capsys):
    editor = keras.saving.KerasFileEditor('m.keras')
    editor.delete_object('optimizer')
    editor.delete_object('layers/batch_normalization')
    editor.add_object('layers/dense_2', {'0': np.ones((2, 1), 'float32'), '1': np.zeros(1, 'float32')})
    editor.save('edited.weights.h5')
    changed = keras.Sequential([keras.Input((3,)), L.Dense(4), L.Dense(2), L.Dense(1)])
    changed.load_weights('edited.weights.h5')
    np.testing.assert_array_equal(changed.layers[0].kernel.numpy(), files.layers[0].kernel.numpy())
    np.testing.assert_array_equal(changed.layers[2].kernel.numpy(), np.ones((2, 1)))
    assert editor.compare(changed) == {'status': 'success', 'error_count': 0, 'match_count': 14}


def test_a_nested_model_is_skipped_as_keras_skips_it(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv('COLUMNS', raising=False)
    i = keras.Input((3,))
    model = keras.Model(i, L.Dense(1)(keras.Sequential([L.Dense(2)], name='inner')(i)))
    model.save_weights('f.weights.h5')
    editor = keras.saving.KerasFileEditor('f.weights.h5')
    assert list(editor.weights_dict['layers']) == ['dense']     # the Sequential's group has an empty 'vars'
    capsys.readouterr()
    assert editor.compare(model) == {'status': 'error', 'error_count': 2, 'match_count': 2}
    out = capsys.readouterr().out
    assert '...Object /layers/sequential present in reference model, missing from saved file\n' in out


def test_save_refuses_raw_bfloat16_bytes_by_numpy_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    model = keras.Sequential([keras.Input((3,)), L.Dense(2, dtype='bfloat16')])
    model.save_weights('b.weights.h5')
    editor = keras.saving.KerasFileEditor('b.weights.h5')
    assert str(editor.weights_dict['layers']['dense']['0'].dtype) == '|V2'     # h5py reads Keras's bfloat16 raw
    with pytest.raises(ValueError, match='^Invalid dtype: void16'):
        editor.save('b2.weights.h5')
