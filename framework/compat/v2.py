"""``tf.compat.v2``: the TensorFlow 2 API, which is tapeflow's own."""


def __getattr__(name):
    import framework
    return getattr(framework, name)
