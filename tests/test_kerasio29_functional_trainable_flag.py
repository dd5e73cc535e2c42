"""keras.Model(inputs, outputs, trainable=False) freezes the model, not each layer's own flag.

Keras 3 sets a Functional's ``trainable`` in Layer.__init__, before its layers are tracked, so
they keep their flags; tapeflow set it again afterwards, which reached every layer. A frozen
functional model saved and loaded back showed it: TF 2.21 lists its InputLayers (whose configs
hold no flag) and nested Sequentials (whose from_config ignores it) as trainable.

Values: TF 2.21 / Keras 3.15 (/work/notes/progs/kerasio29/t10c_trainable_kw.py, t10_finetune.py).
"""
from framework import keras


def _ends():
    i = keras.Input((3,), name='i')
    h = keras.layers.Dense(2, name='h')(i)
    return i, keras.layers.Dense(1, name='o')(h)


def test_constructor_flag_stays_the_models_own():
    i, o = _ends()
    model = keras.Model(i, o, trainable=False, name='m')
    assert model.trainable is False
    assert [layer.trainable for layer in model.layers] == [True, True, True]
    assert (len(model.trainable_weights), len(model.non_trainable_weights)) == (0, 4)
    model.trainable = True
    assert [layer.trainable for layer in model.layers] == [True, True, True]
    assert len(model.trainable_weights) == 4


def test_frozen_model_from_config():
    i, o = _ends()
    model = keras.Model(i, o, name='m2')
    model.trainable = False
    config = model.get_config()
    assert [(entry['name'], entry['config'].get('trainable')) for entry in config['layers']] == \
        [('i', None), ('h', False), ('o', False)]
    back = keras.Model.from_config(config)
    assert back.trainable is False
    assert [layer.trainable for layer in back.layers] == [True, False, False]
    assert (len(back.trainable_weights), len(back.non_trainable_weights)) == (0, 4)
    back.trainable = True
    assert [layer.trainable for layer in back.layers] == [True, True, True]


def test_frozen_model_with_a_nested_sequential_reloads(tmp_path):
    base = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, name='conv')], name='base')
    inp = keras.Input((4,), name='img')
    out = keras.layers.Dense(2, name='head')(keras.layers.Dropout(0.2, name='drop')(base(inp)))
    model = keras.Model(inp, out, name='ft')
    model.trainable = False
    model.save(tmp_path / 'frozen.keras')
    back = keras.models.load_model(tmp_path / 'frozen.keras')
    assert back.trainable is False and back.trainable_weights == []
    assert [layer.trainable for layer in back.layers] == [True, True, False, False]
