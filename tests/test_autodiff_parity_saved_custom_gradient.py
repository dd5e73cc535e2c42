"""The advanced-autodiff guide's SavedModel with a custom gradient, and tf.saved_model's
option objects, pinned to TensorFlow 2.21 (/opt/tfref)."""
import framework as tf


@tf.custom_gradient
def clip_gradients(y):
    def backward(dy):
        return tf.clip_by_norm(dy, 0.5)
    return y, backward


class MyModule(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec(None)])
    def call_custom_grad(self, x):
        return clip_gradients(x)


def test_the_guides_saved_custom_gradient_still_clips(tmp_path):
    # TF 2.21 prints tf.Tensor(2.0, shape=(), dtype=float32)
    tf.saved_model.save(MyModule(), str(tmp_path / 'saved_model'),
                        options=tf.saved_model.SaveOptions(experimental_custom_gradients=True))
    v = tf.Variable(2.0)
    loaded = tf.saved_model.load(str(tmp_path / 'saved_model'))
    with tf.GradientTape() as tape:
        output = loaded.call_custom_grad(v * v)
    assert float(tape.gradient(output, v)) == 2.0


def test_option_objects_keep_tensorflows_defaults():
    # TF 2.21: True None {} False / False None
    save = tf.saved_model.SaveOptions(experimental_custom_gradients=True)
    assert (save.experimental_custom_gradients, save.namespace_whitelist, save.function_aliases,
            save.save_debug_info) == (True, None, {}, False)
    load = tf.saved_model.LoadOptions()
    assert (load.allow_partial_checkpoint, load.experimental_io_device) == (False, None)
