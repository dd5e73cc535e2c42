"""A MeanMetricWrapper around the user's own function reloads with that function in custom_objects.

Hands-On ML ch. 12 wraps ``create_huber(2.0)``'s ``huber_fn`` in a streaming metric. The .keras file
names the function ({'class_name': 'function', 'config': 'huber_fn'}) inside the wrapper's config;
Keras 3 runs the wrapper's from_config within the custom objects' scope, so load_model finds it.
tapeflow looked the function up without custom_objects and raised TypeError "Could not locate
function 'huber_fn'".

Goldens: /work/notes/progs/handson5/t_mmw.py run with TF 2.21.
"""
import numpy as np

import framework as tf


def create_huber(threshold=1.0):
    def huber_fn(y_true, y_pred):
        error = y_true - y_pred
        return tf.where(tf.abs(error) < threshold, tf.square(error) / 2,
                        threshold * tf.abs(error) - threshold ** 2 / 2)
    return huber_fn


X = np.array([[1., 2.], [3., -1.], [0., 4.]], "float32")
Y = np.array([[1.], [6.], [-3.]], "float32")
TF_RESULTS = {'huber2': 2.9683332443237305, 'loss': 7.480833053588867}


def test_the_wrapped_function_is_found_in_custom_objects(tmp_path):
    model = tf.keras.Sequential([tf.keras.layers.Input((2,)), tf.keras.layers.Dense(1)])
    model.set_weights([np.array([[0.5], [-0.25]], "float32"), np.array([0.1], "float32")])
    model.compile(loss="mse", optimizer="sgd",
                  metrics=[tf.keras.metrics.MeanMetricWrapper(create_huber(2.0), name="huber2")])
    assert model.evaluate(X, Y, verbose=0, return_dict=True) == TF_RESULTS
    path = str(tmp_path / "wrapped_huber.keras")
    model.save(path)
    loaded = tf.keras.models.load_model(path, custom_objects={"huber_fn": create_huber(2.0)})
    assert loaded.evaluate(X, Y, verbose=0, return_dict=True) == TF_RESULTS
    assert [type(m).__name__ for m in loaded.metrics] == ['Mean', 'CompileMetrics']


def test_metrics_deserialize_looks_in_custom_objects_for_the_function():
    config = tf.keras.metrics.serialize(tf.keras.metrics.MeanMetricWrapper(create_huber(2.0), name="huber2"))
    metric = tf.keras.metrics.deserialize(config, custom_objects={"huber_fn": create_huber(2.0)})
    assert metric.name == "huber2"
    assert float(metric(Y, Y * 2)) == float(tf.keras.metrics.MeanMetricWrapper(create_huber(2.0))(Y, Y * 2))
