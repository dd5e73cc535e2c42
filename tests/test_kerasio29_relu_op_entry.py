"""A functional model using keras.activations.relu on a KerasTensor reloads it as Keras's op.

Keras 3 records that call as its ReLU operation (module 'keras.src.activations.activations',
not keras.src.ops.*); tapeflow's loader took the entry for the ReLU layer, so the reloaded
model listed a 're_lu' layer TF 2.21 does not have (['x', 'd']).

Values: TF 2.21 / Keras 3.15 (/work/notes/progs/kerasio29/t25_ops_graph.py).
"""
import numpy as np

from framework import keras


def test_relu_op_reloads_as_an_operation(tmp_path):
    keras.backend.clear_session()       # (the entry's name is 're_lu' only in a fresh session)
    keras.utils.set_random_seed(0)
    inp = keras.Input((4,), name='x')
    h = keras.layers.Dense(3, name='d')(inp)
    h = keras.ops.add(h, 1.0)
    h = keras.ops.concatenate([h, keras.ops.square(inp)], axis=-1)
    h = keras.ops.mean(h, axis=-1, keepdims=True)
    model = keras.Model(inp, [h, keras.activations.relu(h) * 2.0], name='ops')
    entry = [e for e in model.get_config()['layers'] if e['class_name'] == 'ReLU'][0]
    assert (entry['module'], entry['name'], entry['registered_name']) == \
        ('keras.src.activations.activations', 're_lu', 'ReLU')
    model.save(tmp_path / 'ops.keras')
    back = keras.models.load_model(tmp_path / 'ops.keras')
    assert [layer.name for layer in back.layers] == ['x', 'd']
    out = back.predict(np.ones((1, 4)), verbose=0)
    assert [np.round(np.asarray(v), 5).tolist() for v in out] == [[[1.0499199628829956]], [[2.099839925765991]]]
    # TF 2.21 differs in one place: the reloaded Dense was built from its saved build config, a JSON
    # list (/work/notes/progs/kerasio35/t_reluop.py)
    changed = [(x['name'], x.get('build_config'), y.get('build_config'))
               for x, y in zip(back.get_config()['layers'], model.get_config()['layers']) if x != y]
    assert repr(changed) == "[('d', {'input_shape': [None, 4]}, {'input_shape': (None, 4)})]"
