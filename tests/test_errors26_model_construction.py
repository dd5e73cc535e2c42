"""keras.Model of no inputs or no outputs: Keras 3's Function words it (TF 2.21, probe notes/progs/errors26
p_model.py); tapeflow's sentence rides as a note."""
import pytest

from framework import keras

KT = '<KerasTensor shape=(None, %d), dtype=float32, sparse=False, ragged=False, name=keras_tensor%s>'


@pytest.mark.parametrize('make, text', [
    (lambda i: keras.Model(i, []),
     '`outputs` argument cannot be empty. Received:\ninputs=%s\noutputs=[]' % (KT % (3, ''))),
    (lambda i: keras.Model(i, {}),
     '`outputs` argument cannot be empty. Received:\ninputs=%s\noutputs={}' % (KT % (3, ''))),
    (lambda i: keras.Model([i], []),
     '`outputs` argument cannot be empty. Received:\ninputs=[%s]\noutputs=[]' % (KT % (3, ''))),
    (lambda i: keras.Model([], keras.layers.Dense(2)(i)),
     '`inputs` argument cannot be empty. Received:\ninputs=[]\noutputs=%s' % (KT % (2, '_1'))),
])
def test_a_model_without_inputs_or_outputs_has_keras_words(make, text):
    keras.backend.clear_session()
    with pytest.raises(ValueError) as caught:
        make(keras.Input((3,)))
    assert str(caught.value) == text
    assert 'needs at least one input and one output' in caught.value.__notes__[0]
