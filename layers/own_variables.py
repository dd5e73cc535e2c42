"""``save_own_variables`` / ``load_own_variables``: the hooks a layer overrides to choose what
``model.save`` files under its ``vars`` group and how ``load_model`` reads it back (Keras 3).

The store is a dict from key ('0', '1', ... or a name of the layer's choosing) to an array.
tapeflow's own layers are written and matched by ``saving/keras3_weights.py``, which checks
counts and shapes for every layer at once; these hooks run where a user's class overrides them
(``overrides_own_variables``), and as the base a subclass's ``super()`` call reaches.
"""
_FRAMEWORK_PACKAGES = ('layers', 'framework', 'optim')


class OwnVariables:
    """Mixin of ``Layer``: its own variables (not its sublayers'), numbered in Keras 3's order."""

    def _own_variables(self):
        return list(self._trainable_created) + list(self._non_trainable_created)

    def save_own_variables(self, store):
        """Put each own variable into ``store`` under '0', '1', ... (trainable ones first)."""
        for index, variable in enumerate(self._own_variables()):
            store[str(index)] = variable

    def load_own_variables(self, store):
        """Assign ``store['0']``, ``store['1']``, ... to the own variables, in save order.

        Raises:
            ValueError: the store holds another number of entries than the layer has variables.
        """
        check_own_variable_count(self, store)
        for index, variable in enumerate(self._own_variables()):
            variable.assign(store[str(index)])


def check_own_variable_count(layer, store):
    """Keras 3's check before loading: one store entry per own variable."""
    own = layer._own_variables()
    if len(store.keys()) != len(own):
        if not own and not layer.built:
            raise ValueError("Layer '%s' was never built and thus it doesn't have any variables. However the "
                             'weights file lists %d variables for this layer. Create all of its state in build() '
                             '(including its sublayers\'), or implement build_from_config() so that loading '
                             'can rebuild it' % (layer.name, len(store.keys())))
        raise ValueError("Layer '%s' expected %d variables, but received %d variables during loading. "
                         'Expected: %s' % (layer.name, len(own), len(store.keys()), [v.name for v in own]))


def overrides_own_variables(obj):
    """Whether a user's class (not tapeflow's) defines ``save_own_variables`` or
    ``load_own_variables``, so saving and loading must go through its hooks; so must a layer with
    LoRA enabled (it files a merged kernel, see layers/lora.py)."""
    if getattr(obj, '__dict__', {}).get('lora_enabled'):
        return True
    for hook in ('save_own_variables', 'load_own_variables'):
        owner = next((cls for cls in type(obj).__mro__ if hook in vars(cls)), None)
        if owner is not None and owner.__module__.split('.')[0] not in _FRAMEWORK_PACKAGES:
            return True
    return False
