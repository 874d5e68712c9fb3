import com.squareup.moshi.JsonAdapter
import java.io.File
import org.openapitools.client.infrastructure.Serializer

/**
 * Decodes recorded answers with an openapi-generator `kotlin` client's models (its own Moshi,
 * `Serializer.moshi`) and writes them back: `Decode ANSWERS.tsv`, one `schema<TAB>json` line per
 * answer. Prints one JSON line per answer, `{"i": n, "json": what the models wrote}` or
 * `{"i": n, "error": "..."}`; test/clients/languages.ts compares them with the answers.
 */
fun main(args: Array<String>) {
    val strings = Serializer.moshi.adapter(String::class.java)
    File(args[0]).readLines().filter { it.isNotEmpty() }.forEachIndexed { i, line ->
        val (schema, json) = line.split('\t', limit = 2)
        val out = try {
            @Suppress("UNCHECKED_CAST")
            val adapter = Serializer.moshi.adapter(Class.forName("org.openapitools.client.models.$schema")) as JsonAdapter<Any>
            val decoded = adapter.fromJson(json) ?: error("decoded to null")
            """{"i":$i,"json":${adapter.toJson(decoded)}}"""
        } catch (e: Throwable) {
            var c: Throwable = e
            while (c.cause != null && c.cause !== c) c = c.cause!!
            """{"i":$i,"error":${strings.toJson("${c.javaClass.simpleName}: ${c.message}")}}"""
        }
        println(out)
    }
}
