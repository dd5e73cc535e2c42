"""``tf.saved_model.SaveOptions`` / ``LoadOptions``: TensorFlow's option objects.

A tapeflow SavedModel is the pickled Python object (see the package docstring),
so what these options tune in TensorFlow's graph writer already holds here:
custom gradients travel with the functions that define them, and there is no
debug info, device placement or sharding to choose. The options are kept as
given, so programs that build and pass them run unchanged.
"""
from ..keras_repr import default_repr


class SaveOptions:
    """Options for ``tf.saved_model.save``, under TensorFlow 2.21's names."""
    __repr__ = default_repr     # TF's object repr, its module named as TF names it

    def __init__(self, namespace_whitelist=None, save_debug_info=False, function_aliases=None,
                 experimental_debug_stripper=False, experimental_io_device=None,
                 experimental_variable_policy=None, experimental_custom_gradients=True,
                 experimental_image_format=False, experimental_skip_saver=False,
                 experimental_sharding_callback=None, extra_tags=None):
        self.namespace_whitelist = None if namespace_whitelist is None else list(namespace_whitelist)
        self.save_debug_info = save_debug_info
        self.function_aliases = dict(function_aliases or {})
        self.experimental_debug_stripper = experimental_debug_stripper
        self.experimental_io_device = experimental_io_device
        self.experimental_variable_policy = experimental_variable_policy
        self.experimental_custom_gradients = experimental_custom_gradients
        self.experimental_image_format = experimental_image_format
        self.experimental_skip_saver = experimental_skip_saver
        self.experimental_sharding_callback = experimental_sharding_callback
        self.extra_tags = extra_tags


class LoadOptions:
    """Options for ``tf.saved_model.load``, under TensorFlow 2.21's names."""
    __repr__ = default_repr     # TF's object repr, its module named as TF names it

    def __init__(self, allow_partial_checkpoint=False, experimental_io_device=None,
                 experimental_skip_checkpoint=False, experimental_variable_policy=None,
                 experimental_load_function_aliases=False):
        self.allow_partial_checkpoint = allow_partial_checkpoint
        self.experimental_io_device = experimental_io_device
        self.experimental_skip_checkpoint = experimental_skip_checkpoint
        self.experimental_variable_policy = experimental_variable_policy
        self.experimental_load_function_aliases = experimental_load_function_aliases
