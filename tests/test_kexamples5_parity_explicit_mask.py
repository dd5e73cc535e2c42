"""A mask passed explicitly to a functional call (``GRU(...)(x, mask=mask_input)``, keras.io video
classification) is hung on the outputs that pass it on, as Keras 3's ``previous_mask``: the next RNN
records ``mask=<that Input>`` with its call. TF 2.21's summary lists the Input under the second GRU's
'Connected to' and its config saves the mask kwarg; here both left it out.
"""
import json

import numpy as np

from framework import keras
from framework.keras import layers


def _model():
    keras.backend.clear_session()
    a = keras.Input((4, 3))
    m = keras.Input((4,), dtype='bool')
    x = layers.GRU(5, return_sequences=True)(a, mask=m)
    x = layers.GRU(2)(x)
    return keras.Model([a, m], x)


# printed by TF 2.21: json.dumps(model.get_config()['layers'][3]['inbound_nodes'])
GRU_1_NODES = ('[{"args": [{"class_name": "__keras_tensor__", "config": {"shape": [null, 4, 5], "dtype": "float32", '
               '"keras_history": ["gru", 0, 0]}}], "kwargs": {"training": false, "mask": {"class_name": '
               '"__keras_tensor__", "config": {"shape": [null, 4], "dtype": "bool", "keras_history": '
               '["input_layer_1", 0, 0]}}}}]')


def test_passed_on_mask_is_recorded_with_the_next_call():
    model = _model()
    config = model.get_config()['layers']
    assert [entry['name'] for entry in config] == ['input_layer', 'input_layer_1', 'gru', 'gru_1']
    assert json.dumps(config[3]['inbound_nodes']) == GRU_1_NODES
    lines = []
    model.summary(print_fn=lines.append)
    text = '\n'.join(lines)
    row = text[text.index('gru_1 (GRU)'):].split('\n')
    assert 'gru[0][0],' in row[0] and 'input_layer_1[0]' in row[1]


def test_model_with_passed_on_mask_round_trips(tmp_path):
    model = _model()
    rng = np.random.RandomState(0)
    x = rng.rand(3, 4, 3).astype('float32')
    mask = np.array([[True, True, False, False], [True] * 4, [True, False, False, False]])
    got = model.predict([x, mask], verbose=0)
    assert not np.allclose(got, model.predict([x, np.ones_like(mask)], verbose=0))     # the mask is used
    path = str(tmp_path / 'masked.keras')
    model.save(path)
    loaded = keras.models.load_model(path)
    np.testing.assert_array_equal(loaded.predict([x, mask], verbose=0), got)
    assert json.dumps(loaded.get_config()['layers'][3]['inbound_nodes']) == GRU_1_NODES
    keras.backend.clear_session()
