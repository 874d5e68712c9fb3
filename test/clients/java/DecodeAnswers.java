import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Decodes recorded answers with an openapi-generator `java` client's models and writes them back:
 * `java DecodeAnswers ANSWERS.json MODEL_PACKAGE JSON_CLASS`. Prints one JSON line per answer,
 * `{"i": n, "json": what the models wrote}` or `{"i": n, "error": "..."}`; test/clients/check.ts
 * compares them with the answers.
 */
public class DecodeAnswers {
  interface Codec {
    Object decode(String json, Class<?> type) throws Exception;
    String encode(Object value) throws Exception;
  }

  public static void main(String[] args) throws Exception {
    JsonArray answers = JsonParser.parseString(Files.readString(Path.of(args[0]))).getAsJsonArray();
    String pkg = args[1];
    Codec codec = codec(args[2]);
    for (int i = 0; i < answers.size(); i++) {
      JsonObject a = answers.get(i).getAsJsonObject();
      JsonObject line = new JsonObject();
      line.addProperty("i", i);
      try {
        Object decoded = codec.decode(a.get("value").toString(), Class.forName(pkg + "." + a.get("schema").getAsString()));
        line.add("json", JsonParser.parseString(codec.encode(decoded)));
      } catch (Throwable e) {
        Throwable c = e;
        while (c.getCause() != null && c.getCause() != c) c = c.getCause();
        line.addProperty("error", c.getClass().getSimpleName() + ": " + c.getMessage());
      }
      System.out.println(line);
    }
  }

  /** The generated client's own JSON: okhttp-gson's static JSON class, or the Jackson ObjectMapper native's ApiClient calls with. */
  static Codec codec(String jsonClass) throws Exception {
    Class<?> json = Class.forName(jsonClass);
    try {
      var deserialize = json.getMethod("deserialize", String.class, java.lang.reflect.Type.class);
      var serialize = json.getMethod("serialize", Object.class);
      return new Codec() {
        public Object decode(String s, Class<?> t) throws Exception { return deserialize.invoke(null, s, t); }
        public String encode(Object v) throws Exception { return (String) serialize.invoke(null, v); }
      };
    } catch (NoSuchMethodException e) {
      Object m = json.getMethod("createDefaultObjectMapper").invoke(null);
      var read = m.getClass().getMethod("readValue", String.class, Class.class);
      var write = m.getClass().getMethod("writeValueAsString", Object.class);
      return new Codec() {
        public Object decode(String s, Class<?> t) throws Exception { return read.invoke(m, s, t); }
        public String encode(Object v) throws Exception { return (String) write.invoke(m, v); }
      };
    }
  }
}
