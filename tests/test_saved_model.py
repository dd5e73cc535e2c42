"""tf.saved_model: the guide's modules and a Keras model round-trip with variables and signatures.

Expected outputs as TF 2.21 gives them for the same programs ('Introduction to modules':
ones weights, zero biases, relu: [[2, 2, 2]] -> [[18, 18]]; signature outputs named 'output_i').
"""
import os

import numpy as np
import pytest

import framework as tf
from framework import keras


class Dense(tf.Module):
    def __init__(self, in_features, out_features, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(tf.ones([in_features, out_features]), name='w')
        self.b = tf.Variable(tf.zeros([out_features]), name='b')

    def __call__(self, x):
        return tf.nn.relu(tf.matmul(x, self.w) + self.b)


class SequentialModule(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.dense_1 = Dense(3, 3)
        self.dense_2 = Dense(3, 2)

    @tf.function
    def __call__(self, x):
        return self.dense_2(self.dense_1(x))

    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32, name='inp')])
    def serve(self, x):
        return {'y': self.dense_1(x)}


class Pair(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def f(self, x):
        return x * 2, x * 3


def test_module_round_trip_with_default_signature(tmp_path):
    model = SequentialModule()
    model.dense_1.b.assign([1.0, 0.0, 0.0])
    model(tf.constant([[0.0, 0.0, 0.0]]))        # a trace to save: TF 2.21 saves none for an uncalled __call__
    path = str(tmp_path / 'the_saved_model')
    tf.saved_model.save(model, path)
    assert sorted(os.listdir(path)) == ['assets', 'saved_model.tapeflow', 'variables']
    assert sorted(os.listdir(os.path.join(path, 'variables'))) == ['variables.data-00000-of-00001',
                                                                  'variables.index']
    assert tf.saved_model.contains_saved_model(path)
    keys = [k for k, _ in tf.train.list_variables(os.path.join(path, 'variables', 'variables'))]
    assert 'dense_1/w/.ATTRIBUTES/VARIABLE_VALUE' in keys
    loaded = tf.saved_model.load(path)
    assert not isinstance(loaded, SequentialModule)          # as TensorFlow: a restored object, not the class
    # relu(relu([2,2,2] @ ones + [1,0,0]) @ ones) = [[19, 19]]
    np.testing.assert_array_equal(loaded(tf.constant([[2.0, 2.0, 2.0]])).numpy(), [[19.0, 19.0]])
    assert list(loaded.signatures) == ['serving_default']
    out = loaded.signatures['serving_default'](inp=tf.constant([[1.0, 1.0, 1.0]]))
    np.testing.assert_array_equal(out['y'].numpy(), [[4.0, 3.0, 3.0]])
    assert loaded.dense_1.w.shape.as_list() == [3, 3]
    assert not hasattr(loaded, 'variables')     # TF 2.21's revived _UserObject keeps only what was tracked
    loaded.dense_1.w.assign(tf.zeros([3, 3]))                 # a copy: the original is untouched
    assert model.dense_1.w.numpy().sum() == 9.0


def test_explicit_signatures_and_output_names(tmp_path):
    pair = Pair()
    tf.saved_model.save(pair, str(tmp_path / 'b'), signatures=pair.f)
    loaded = tf.saved_model.load(str(tmp_path / 'b'))
    out = loaded.signatures['serving_default'](x=tf.constant(1.0))
    assert sorted(out) == ['output_0', 'output_1'] and out['output_1'].numpy() == 3.0
    assert loaded.f(tf.constant(2.0))[0].numpy() == 4.0
    tf.saved_model.save(pair, str(tmp_path / 'c'), signatures={'a': pair.f, 'b': pair.f.get_concrete_function()})
    assert sorted(tf.saved_model.load(str(tmp_path / 'c')).signatures) == ['a', 'b']
    with pytest.raises(TypeError, match=r"missing a required argument: 'x'"):
        loaded.signatures['serving_default'](y=tf.constant(1.0))


def test_keras_model_serving_default(tmp_path):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    tf.saved_model.save(model, str(tmp_path / 'k'))
    loaded = tf.saved_model.load(str(tmp_path / 'k'))
    x = tf.constant(np.arange(6, dtype=np.float32).reshape(2, 3))
    out = loaded.signatures['serving_default'](inputs=x)
    np.testing.assert_allclose(out['output_0'].numpy(), model(x).numpy(), rtol=1e-6)
    # TF 2.21 revives a Keras 3 model as a bare _UserObject: no variables (the signature reads two)
    with pytest.raises(AttributeError, match="'_UserObject' object has no attribute 'variables'"):
        loaded.variables
    assert len(loaded.signatures['serving_default'].variables) == 2


def test_shared_variables_stay_shared(tmp_path):
    holder = tf.Module()
    shared = tf.Variable(1.0)
    holder.a, holder.b = shared, [shared]
    tf.saved_model.save(holder, str(tmp_path / 's'))
    loaded = tf.saved_model.load(str(tmp_path / 's'))
    assert loaded.a is loaded.b[0]
    loaded.a.assign(5.0)
    assert loaded.b[0].numpy() == 5.0


def test_bad_input(tmp_path):
    # TF 2.21's text (printed by tf.saved_model.save(3, d) there)
    with pytest.raises(ValueError, match=r"^Expected an object of type `Trackable`, such as `tf.Module` or a subclass "
                                         r"of the `Trackable` class, for export\. Got 3 with type <class 'int'>\."):
        tf.saved_model.save(3, str(tmp_path / 'x'))
    # a lambda attribute saves (TF 2.21 keeps no plain Python function; tapeflow pickles it by value)
    # and loads as TF's revived object has it: absent ('_UserObject' object has no attribute 'fn')
    local = tf.Module()
    local.fn = lambda x: x
    local.v = tf.Variable(1.0)
    tf.saved_model.save(local, str(tmp_path / 'y'))
    loaded = tf.saved_model.load(str(tmp_path / 'y'))
    assert (loaded.v.numpy(), hasattr(loaded, 'fn')) == (1.0, False)
    with pytest.raises(ValueError, match='no input_signature'):
        tf.saved_model.save(SequentialModule(), str(tmp_path / 'z'),
                            signatures=SequentialModule().__call__)
    with pytest.raises(OSError, match='does not exist'):
        tf.saved_model.load(str(tmp_path / 'missing'))
    (tmp_path / 'tfdir').mkdir()
    (tmp_path / 'tfdir' / 'saved_model.pb').write_bytes(b'')
    with pytest.raises(OSError, match='TensorFlow SavedModel'):
        tf.saved_model.load(str(tmp_path / 'tfdir'))
    with pytest.raises(TypeError, match='not callable'):
        tf.saved_model.load(_saved_pair(tmp_path))(1.0)


def _saved_pair(tmp_path):
    path = str(tmp_path / 'pair')
    tf.saved_model.save(Pair(), path)
    return path


def test_asset_travels_with_the_model(tmp_path):
    vocabulary = tmp_path / 'vocab.txt'
    vocabulary.write_text('a\nb\n')
    holder = tf.Module()
    holder.vocab = tf.saved_model.Asset(str(vocabulary))
    export = tmp_path / 'export'
    tf.saved_model.save(holder, str(export))
    vocabulary.unlink()
    loaded = tf.saved_model.load(str(export))
    # TF 2.21: the loaded asset_path names the copy in '<export>/assets/'
    assert loaded.vocab.asset_path.numpy() == str(export / 'assets' / 'vocab.txt').encode()
    assert open(loaded.vocab.asset_path.numpy().decode()).read() == 'a\nb\n'
    assert tf.saved_model.ASSETS_DIRECTORY == 'assets' and tf.saved_model.SERVING == 'serve'
    assert tf.saved_model.DEFAULT_SERVING_SIGNATURE_DEF_KEY == 'serving_default'
    with pytest.raises(FileNotFoundError, match='vocab.txt'):
        tf.saved_model.save(holder, str(tmp_path / 'again'))
    with pytest.raises(TypeError, match='path must be a string'):
        tf.saved_model.Asset(3)


def test_keras_export_serves_inference(tmp_path):
    from framework.saved_model.keras_export import export_model
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2), keras.layers.Dropout(0.5)])
    export_model(model, str(tmp_path / 'exported'))
    loaded = tf.saved_model.load(str(tmp_path / 'exported'))
    x = tf.constant(np.ones((4, 3), np.float32))
    # TF 2.21's exported Keras model: serve() is inference (no dropout), signatures 'serve' and
    # 'serving_default' take the model input's name ('keras_tensor', 'keras_tensor_3': a global count)
    np.testing.assert_array_equal(loaded.serve(x).numpy(), model(x, training=False).numpy())
    assert sorted(loaded.signatures) == ['serve', 'serving_default']
    assert model.inputs[0].name.startswith('keras_tensor')
    out = loaded.signatures['serving_default'](**{model.inputs[0].name: x})['output_0']
    np.testing.assert_array_equal(out.numpy(), model(x, training=False).numpy())
    # TF 2.21 exports the Dropout's seed-generator state too: 3 variables, 2 trainable
    assert len(loaded.variables) == 3 and len(loaded.trainable_variables) == 2
    with pytest.raises(ValueError, match='has not yet been built. It must be built before export'):   # Keras's words
        export_model(keras.Sequential([keras.layers.Dense(2)]), str(tmp_path / 'unbuilt'))


def test_model_export_serves_the_models_predictions(tmp_path, capsys):
    from framework import keras
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.export(str(tmp_path / 'exported'))
    assert "Saved artifact at '%s'" % (tmp_path / 'exported') in capsys.readouterr().out
    x = np.ones((2, 3), 'float32')
    np.testing.assert_array_equal(tf.saved_model.load(str(tmp_path / 'exported')).serve(x).numpy(), model(x).numpy())
    with pytest.raises(ModuleNotFoundError, match="No module named 'onnx'"):   # TF 2.21 without tf2onnx
        model.export(str(tmp_path / 'other'), format='onnx')
