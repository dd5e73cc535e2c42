"""``keras.utils.Config``: a dict whose keys read and write as attributes, and that can be frozen."""
import copy
import difflib
import json


class Config:
    """Keyword arguments kept as attributes: ``Config(a=1).a``, ``config.b = 2``, ``config['b']``.

    ``freeze()`` makes every later change raise ValueError (``unfreeze()`` undoes it).
    """

    def __init__(self, **kwargs):
        self._config = kwargs
        self._frozen = False
        self.__attrs__ = set(dir(self))      # the object's own attributes; every other name is a key

    @property
    def frozen(self):
        return self._frozen

    def freeze(self):
        self._frozen = True

    def unfreeze(self):
        self._frozen = False

    def _raise_if_frozen(self):
        if self._frozen:
            raise ValueError('Cannot mutate attribute(s) because the config is frozen; call unfreeze() first.')

    def as_dict(self):
        return copy.copy(self._config)

    def to_json(self):
        return json.dumps(self._config)

    def keys(self):
        return self._config.keys()

    def values(self):
        return self._config.values()

    def items(self):
        return self._config.items()

    def get(self, keyname, value=None):
        return self._config.get(keyname, value)

    def pop(self, *args):
        self._raise_if_frozen()
        return self._config.pop(*args)

    def update(self, *args, **kwargs):
        self._raise_if_frozen()
        return self._config.update(*args, **kwargs)

    def __setattr__(self, name, value):
        attrs = self.__dict__.get('__attrs__')
        if attrs is None or name in attrs:
            return object.__setattr__(self, name, value)
        self._raise_if_frozen()
        self._config[name] = value

    def __getattr__(self, name):
        # Only called for names that are not attributes of the object itself.
        config = self.__dict__.get('_config', {})
        if name in config:
            return config[name]
        message = 'Unknown attribute: %r.' % name
        close = difflib.get_close_matches(name, list(config), n=1, cutoff=0.7)
        if close:
            message += ' Did you mean %r?' % close[0]
        raise AttributeError(message)

    def __setitem__(self, key, item):
        self._raise_if_frozen()
        self._config[key] = item

    def __getitem__(self, key):
        return self._config[key]

    def __delitem__(self, key):
        self._raise_if_frozen()
        del self._config[key]

    def __contains__(self, item):
        return item in self._config

    def __iter__(self):
        return iter(sorted(self._config))

    def __len__(self):
        return len(self._config)

    def __repr__(self):
        return '<Config %s>' % (self._config,)
