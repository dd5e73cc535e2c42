"""A subclassed model loaded from .keras is built for any batch size, as TF 2.21 builds it.

Keras 3.15 builds it from the saved ``build_config`` symbolically: the model keeps the saved
shape ([None, 5]) and its sublayers record a None batch. tapeflow runs call on zeros of batch
1 and kept that 1: ``get_build_config()`` gave (1, 5), a loaded model saved again wrote
``"input_shape": [1, 5]`` into config.json, and summary() showed (1, 5, 3) for its layers.

Values: TF 2.21 on the same model (/work/notes/progs/kerasio27/q10_sub_resave.py).
"""
import json
import zipfile

import numpy as np

from framework import keras


@keras.saving.register_keras_serializable(package='K27')
class TextNet(keras.Model):
    def __init__(self, hidden=4, **kwargs):
        super().__init__(**kwargs)
        self.hidden = hidden
        self.emb = keras.layers.Embedding(10, 3)
        self.rnn = keras.layers.GRU(hidden)
        self.out = keras.layers.Dense(1)

    def call(self, x):
        return self.out(self.rnn(self.emb(x)))

    def get_config(self):
        return {**super().get_config(), 'hidden': self.hidden}


def _loaded(tmp_path):
    model = TextNet(name='net')
    model.compile('adam', 'mse')
    x = np.random.RandomState(0).randint(0, 10, (8, 5))
    model.fit(x, np.ones((8, 1)), verbose=0)
    model.save(tmp_path / 's.keras')
    return keras.models.load_model(tmp_path / 's.keras'), x


def test_build_configs_keep_a_none_batch(tmp_path):
    loaded, _ = _loaded(tmp_path)
    assert loaded.get_build_config() == {'input_shape': [None, 5]}
    assert [layer.get_build_config() for layer in loaded.layers] == [
        {'input_shape': (None, 5)}, {'input_shape': (None, 5, 3)}, {'input_shape': (None, 4)}]


def test_saved_again_it_writes_the_same_build_config(tmp_path):
    loaded, x = _loaded(tmp_path)
    loaded.fit(x, np.ones((8, 1)), verbose=0)
    loaded.save(tmp_path / 'again.keras')
    config = json.loads(zipfile.ZipFile(tmp_path / 'again.keras').read('config.json'))
    assert config['build_config'] == {'input_shape': [None, 5]}


def test_summary_shows_none_batches(tmp_path, capsys):
    loaded, _ = _loaded(tmp_path)
    loaded.summary()
    rows = [line for line in capsys.readouterr().out.splitlines() if '(Embedding)' in line or '(GRU)' in line
            or '(Dense)' in line]
    assert [row.split('│')[2].strip() for row in rows] == ['(None, 5, 3)', '(None, 4)', '(None, 1)']
