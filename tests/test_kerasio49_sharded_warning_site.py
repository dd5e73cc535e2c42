"""save_weights(..., max_shard_size=...) to a '.weights.h5' name warns from the library's own line, as Keras 3
warns from saving_lib.py on TF 2.21: stderr shows '<keras>/saving/saving_lib.py:1522: UserWarning: Saving sharded
weights requires `*.json` as the extension. ...' then '  warnings.warn('; tapeflow pointed it at its own
layers/model.py line with that line's source (probe /work/notes/progs/kerasio49/p20.py)."""
import linecache
import os
import warnings

from framework import keras


def test_sharded_rename_warns_from_the_library_line(tmp_path):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        model.save_weights(str(tmp_path / 's.weights.h5'), max_shard_size=0.0001)
    found = [w for w in caught if 'Saving sharded weights requires' in str(w.message)]
    assert len(found) == 1
    assert str(found[0].message) == ('Saving sharded weights requires `*.json` as the extension. The original path: '
                                     '%s will be renamed to %s.' % (tmp_path / 's.weights.h5', tmp_path / 's.weights.json'))
    assert os.path.basename(found[0].filename) == 'sharded_weights.py'
    assert linecache.getline(found[0].filename, found[0].lineno).strip() == 'warnings.warn('
    assert 's.weights.json' in os.listdir(tmp_path)
