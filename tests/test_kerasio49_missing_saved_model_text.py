"""tf.saved_model.load / keras.layers.TFSMLayer of a directory without a SavedModel raise TF 2.21's OSError text,
'SavedModel file does not exist at: ck/{saved_model.pbtxt|saved_model.pb}'; tapeflow said 'SavedModel file does not
exist at: ck (expected saved_model.tapeflow)' (its own file is named in a note) (probe
/work/notes/progs/kerasio49/p21.py)."""
import os

import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('load', [tf.saved_model.load, keras.layers.TFSMLayer])
def test_missing_saved_model(tmp_path, load):
    target = tmp_path / 'ck'
    target.mkdir()
    (target / 'w.index').write_bytes(b'')         # a checkpoint directory, say
    with pytest.raises(OSError) as caught:
        load(str(target))
    assert str(caught.value) == 'SavedModel file does not exist at: %s%s{saved_model.pbtxt|saved_model.pb}' % (
        target, os.sep)
    assert caught.value.__notes__ == ['tapeflow: no saved_model.tapeflow in %s' % target]
