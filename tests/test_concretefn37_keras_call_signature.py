"""tf.function(model) / tf.function(layer) bind Keras 3's Layer.__call__(*args, **kwargs): the trace's
tensor is args_0 (POSITIONAL_ONLY), as TensorFlow 2.21 prints it (/work/notes/progs/concretefn/cf_model.py)."""
import framework as tf
from framework import keras


def _model():
    keras.utils.set_random_seed(1)
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, kernel_initializer='ones'),
                             keras.layers.Dropout(0.5)])


def test_model_trace_shows_args_0_and_the_training_keyword():
    fm = tf.function(_model())
    assert fm(tf.ones([2, 3]), training=False).numpy().tolist() == [[3.0, 3.0], [3.0, 3.0]]
    assert fm.pretty_printed_concrete_signatures().split('Captures')[0] == (
        'Input Parameters:\n'
        '  args_0 (POSITIONAL_ONLY): TensorSpec(shape=(2, 3), dtype=tf.float32, name=None)\n'
        '  training (KEYWORD_ONLY): Literal[False]\n'
        'Output Type:\n'
        '  TensorSpec(shape=(2, 2), dtype=tf.float32, name=None)\n')


def test_model_concrete_function_from_a_spec():
    fm = tf.function(_model())
    cf = fm.get_concrete_function(tf.TensorSpec([None, 3], tf.float32))
    assert repr(cf.structured_input_signature) == \
        "((TensorSpec(shape=(None, 3), dtype=tf.float32, name='args_0'),), {})"
    assert cf(tf.ones([1, 3])).numpy().tolist() == [[3.0, 3.0]]
    assert str(cf.function_type) == ('(args_0: TensorSpec(shape=(None, 3), dtype=tf.float32, name=None), /) -> '
                                     'TensorSpec(shape=(None, 2), dtype=tf.float32, name=None)')
    assert fm.experimental_get_tracing_count() == 1


def test_layer_concrete_function_signature():
    fl = tf.function(keras.layers.Dense(4, kernel_initializer='ones'))
    assert fl(tf.ones([1, 2])).numpy().tolist() == [[2.0, 2.0, 2.0, 2.0]]
    assert repr(fl.get_concrete_function(tf.TensorSpec([1, 2], tf.float32)).structured_input_signature) == \
        "((TensorSpec(shape=(1, 2), dtype=tf.float32, name='args_0'),), {})"
